import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { recordAudit } from '~/audit/audit.server'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPasswordPolicy } from '~/auth/password.server'
import { getAuthProvider } from '~/auth/provider.server'
import { revokeAccess } from '~/auth/revoke.server'
import { requireActiveSession, setFlash } from '~/auth/session.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, Field, FormAlert } from '~/components/forms'
import { SignOutForm } from '~/components/sign-out-form'
import { getT } from '~/i18n/i18n.server'
import { invalid, issue, parseForm } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

const POLICY_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }

const changePasswordSchema = z
	.object({
		currentPassword: z.string().min(1, issue('validation.required')).max(1024, issue('validation.tooLong', { max: 1024 })),
		newPassword: z.string().min(1, issue('validation.required')),
		confirmPassword: z.string().min(1, issue('validation.required')),
	})
	.superRefine((form, ctx) => {
		const problem = checkPasswordPolicy(form.newPassword)
		if (problem) {
			ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue(`password.${problem}`, POLICY_VALUES) })
		} else if (form.newPassword === form.currentPassword) {
			ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue('changePassword.sameAsCurrent') })
		}
		if (form.confirmPassword && form.newPassword !== form.confirmPassword) {
			ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: issue('changePassword.mismatch') })
		}
	})

export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.title)

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
	await setFlash(token, { type: 'success', message: 'changePassword.success' })
	return redirect('/')
}

export default function ChangePasswordPage() {
	const { t } = useTranslation()
	const { forced } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData?.errors ?? {}
	return (
		<AuthLayout title={t('changePassword.title')}>
			<FormAlert message={forced ? t('changePassword.forced') : null} tone="info" />
			<FormAlert message={Object.keys(errors).length > 0 ? t('validation.formHasErrors') : null} />
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
