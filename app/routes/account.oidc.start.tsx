import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { beginSsoSignIn, getOidcSettings } from '~/auth/oidc/sign-in.server'
import { AuthLayout } from '~/components/auth-layout'
import { SsoButton, SsoFailure } from '~/components/sso-failure'
import { safeRedirect } from '~/utils/redirect'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { notFound } from '~/utils/responses.server'
import { assertCsrf } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ public: 'starts a sign-in at the OpenID provider (POST); nothing signed in is needed' })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** Starting takes a POST (the sign-in page's button); a GET shows that button alone. */
export async function loader({ request }: LoaderFunctionArgs) {
	const settings = getOidcSettings()
	if (!settings) throw notFound()
	const t = await getT(request)
	return {
		title: t('login.title'),
		label: settings.label,
		redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/'),
	}
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
	const { t } = useTranslation()
	const { label, redirectTo } = useLoaderData<typeof loader>()
	const failure = useActionData<typeof action>()
	if (failure) return <SsoFailure reason={failure.reason} redirectTo={failure.redirectTo} />
	return (
		<AuthLayout title={t('login.heading')}>
			<SsoButton label={label} redirectTo={redirectTo} />
		</AuthLayout>
	)
}
