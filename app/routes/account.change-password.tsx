import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { changePasswordSchema } from '~/auth/forms.server'
import { recordAudit } from '~/audit/audit.server'
import { getAuthProvider } from '~/auth/provider.server'
import { revokeAccess } from '~/auth/revoke.server'
import { notify } from '~/notifications/notifications.server'
import { requireActiveSession } from '~/auth/session.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, ErrorSummary, Field, FormAlert, useFieldLabels } from '~/components/forms'
import { SignOutForm } from '~/components/sign-out-form'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { landingPath } from '~/permissions/landing.server'
import { invalid, parseForm } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireActiveSession(request)
	const t = await getT(request)
	return { title: t('changePassword.title'), forced: Boolean(user.must_change_password) }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, token } = await requireActiveSession(request)
	const form = await parseForm(request, changePasswordSchema)
	if (!form.ok) return invalid(form)
	const result = await getAuthProvider().changePassword(user, form.data.currentPassword, form.data.newPassword)
	if (!result.ok) {
		return invalid({ errors: { currentPassword: { key: 'changePassword.wrongCurrentPassword' } }, values: {} })
	}
	const signedOut = await revokeAccess(user.id, { keepSessionToken: token })
	await recordAudit({
		action: 'auth.password_changed',
		actor: user,
		entity: 'user',
		entityId: user.id,
		ip: getClientIp(),
		details: { otherSessionsEnded: signedOut },
	})
	await notify(user.id, {
		type: 'password_changed',
		titleKey: 'notifications.passwordChanged.title',
		bodyKey: signedOut > 0 ? 'notifications.passwordChanged.bodySessions' : 'notifications.passwordChanged.body',
		params: { count: signedOut },
		link: '/contacts/profile',
	})
	await flashSuccess(request, 'changePassword.success')
	return redirect((await landingPath(user.id, await getLanguage(request))) ?? '/')
}

export default function ChangePasswordPage() {
	const { t } = useTranslation()
	const { forced } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData?.errors ?? {}
	const fieldLabels = useFieldLabels('changePassword', ['currentPassword', 'newPassword', 'confirmPassword'])
	return (
		<AuthLayout title={t('changePassword.title')}>
			<FormAlert message={forced ? t('changePassword.forced') : null} tone="info" />
			<ErrorSummary errors={actionData?.errors} labels={fieldLabels} />
			<Form method="post" noValidate>
				<CsrfInput />
				<Field
					name="currentPassword"
					type="password"
					label={t('changePassword.currentPassword')}
					autoComplete="current-password"
					required
					error={errors.currentPassword}
				/>
				<Field
					name="newPassword"
					type="password"
					label={t('changePassword.newPassword')}
					autoComplete="new-password"
					required
					hint={t('changePassword.hint')}
					error={errors.newPassword}
				/>
				<Field
					name="confirmPassword"
					type="password"
					label={t('changePassword.confirmPassword')}
					autoComplete="new-password"
					required
					error={errors.confirmPassword}
				/>
				<div className="d-flex gap-2 flex-wrap">
					<button type="submit" className="btn btn-primary">
						{t('changePassword.submit')}
					</button>
					{forced ? null : (
						<Link to="/" className="btn btn-link">
							{t('errors.goBack')}
						</Link>
					)}
				</div>
			</Form>
			{forced ? (
				<div className="mt-3">
					<SignOutForm />
				</div>
			) : null}
		</AuthLayout>
	)
}
