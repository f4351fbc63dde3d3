import { routeHandle } from '~/permissions/access'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { translations } from '~/i18n/i18n.server'
import { isLanguageCode } from '~/i18n/languages'

export const handle = routeHandle({ public: 'translation files the sign-in page needs too' }, '/assets/i18n/en.json')

const bodies = new Map(Object.entries(translations).map(([code, resources]) => [code, JSON.stringify(resources)]))

/** `/assets/i18n/{lang}.json`: the translations the server renders with, for the browser. */
export function loader({ params }: LoaderFunctionArgs) {
	const match = /^([a-z]{2})\.json$/.exec(params.file ?? '')
	const code = match?.[1]
	if (!code || !isLanguageCode(code)) throw new Response('Not Found', { status: 404 })
	return new Response(bodies.get(code), {
		headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
	})
}
