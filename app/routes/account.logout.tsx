import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { recordAudit } from '~/audit/audit.server'
import { providerSignOutUrl } from '~/auth/oidc/sign-in.server'
import { destroySession, getSessionState } from '~/auth/session.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { renewedCsrfCookie } from '~/security/csrf.server'
import { assertCsrf } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ public: 'asks a signed-in user; signs out on POST, redirects anyone else to sign-in' })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** A GET only asks: signing out takes a POST, so a link or an image tag cannot end a session. */
export async function loader({ request }: LoaderFunctionArgs) {
	const state = await getSessionState(request)
	if (state.status !== 'active') throw redirect('/account/login')
	const t = await getT(request)
	return { title: t('logout.title') }
}

export async function action({ request }: ActionFunctionArgs) {
	assertCsrf(request, await request.formData())
	const state = await getSessionState(request)
	const cookie = await destroySession(request)
	if (state.status === 'active') {
		await recordAudit({ action: 'auth.sign_out', actor: state.user, entity: 'user', entityId: state.user.id, ip: getClientIp() })
	}
	const headers = new Headers({ 'Set-Cookie': cookie })
	headers.append('Set-Cookie', renewedCsrfCookie())
	// Signed in through the company account: signing out continues at the provider, which sends the browser back.
	const atProvider = state.status === 'active' ? await providerSignOutUrl(state.session.oidc_id_token) : null
	return redirect(atProvider ?? '/account/login?reason=signed-out', { headers })
}

export default function LogoutPage() {
	const { t } = useTranslation()
	return (
		<AuthLayout title={t('logout.title')}>
			<p>{t('logout.question')}</p>
			<Form method="post" className="d-flex gap-2 flex-wrap">
				<CsrfInput />
				<button type="submit" className="btn btn-primary">
					{t('logout.submit')}
				</button>
				<Link to="/" className="btn btn-outline-secondary">
					{t('logout.cancel')}
				</Link>
			</Form>
		</AuthLayout>
	)
}
