import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { finishSsoSignIn, getOidcSettings } from '~/auth/oidc/sign-in.server'
import { SsoFailure } from '~/components/sso-failure'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { notFound } from '~/utils/responses.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({
	public: 'the OpenID provider sends the browser back here; the flow cookie and the code are the credentials',
})

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const settings = getOidcSettings()
	if (!settings) throw notFound()
	const finished = await finishSsoSignIn(request, settings)
	if (finished instanceof Response) throw finished
	const t = await getT(request)
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	for (const cookie of finished.cookies) headers.append('Set-Cookie', cookie)
	return data(
		{ title: t('sso.failedTitle'), reason: finished.reason, redirectTo: finished.redirectTo },
		{ status: finished.status, headers },
	)
}

export default function SsoCallbackPage() {
	const { reason, redirectTo } = useLoaderData<typeof loader>()
	return <SsoFailure reason={reason} redirectTo={redirectTo} />
}
