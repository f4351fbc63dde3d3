import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { LANGUAGE_CODES, LANGUAGE_COOKIE } from '~/i18n/languages'
import { invalid, issue, parseForm } from '~/utils/form.server'
import { safeRedirect } from '~/utils/redirect'

const languageSchema = z.object({
	lang: z.enum(LANGUAGE_CODES, issue('validation.required')),
	redirectTo: z.string().optional(),
})

const ONE_YEAR_SECONDS = 365 * 24 * 3600

export function loader() {
	return redirect('/')
}

/** Sets the plain `lang` cookie and returns to the page the form was on. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await parseForm(request, languageSchema)
	if (!form.ok) return invalid(form)
	const secure = request.headers.get('X-Forwarded-Proto') === 'https' || new URL(request.url).protocol === 'https:'
	const cookie = `${LANGUAGE_COOKIE}=${form.data.lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
	return redirect(safeRedirect(form.data.redirectTo, '/'), { headers: { 'Set-Cookie': cookie } })
}
