import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { beginSsoSignIn, getOidcSettings } from '~/auth/oidc/sign-in.server'
import { SsoFailure } from '~/components/sso-failure'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { notFound } from '~/utils/responses.server'
import { assertCsrf } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ public: 'starts a sign-in at the OpenID provider (POST); nothing signed in is needed' })

export const meta: MetaFunction = ({ data, matches }) => pageTitle((data as { title?: string } | undefined)?.title, matches)

/** Starting takes a POST (the sign-in page's button); a GET goes back to that page. */
export function loader() {
	if (!getOidcSettings()) throw notFound()
	return redirect('/account/login')
}

export async function action({ request }: ActionFunctionArgs) {
	const settings = getOidcSettings()
	if (!settings) throw notFound()
	const form = await request.formData()
	assertCsrf(request, form)
	const started = await beginSsoSignIn(settings, form.get('redirectTo'))
	if (started instanceof Response) return started
	const t = await getT(request)
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	for (const cookie of started.cookies) headers.append('Set-Cookie', cookie)
	return data({ title: t('sso.failedTitle'), reason: started.reason, redirectTo: started.redirectTo }, { status: started.status, headers })
}

export default function SsoStartPage() {
	const failure = useActionData<typeof action>()
	return failure ? <SsoFailure reason={failure.reason} redirectTo={failure.redirectTo} /> : null
}
