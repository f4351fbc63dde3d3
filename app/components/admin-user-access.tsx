import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminUserRecord } from '~/admin/user-list.server'
import type { FormAnswer } from '~/utils/form-action.server'
import { CsrfInput, Field } from './forms'
import { IntentForm } from './intent-form'
import { AdminMfaReset } from './mfa-admin'

/** The access forms of a user's administration page: change the email, reset the password, lock, end sessions, reset the second factor. */
export function AdminUserAccess({
	user,
	href,
	self,
	secondFactor,
	failed,
}: {
	user: Pick<AdminUserRecord, 'email' | 'locked' | 'sessions'>
	href: string
	self: boolean
	secondFactor: boolean
	failed: FormAnswer<string> | null
}) {
	const { t } = useTranslation()
	const emailFailed = failed?.intent === 'changeEmail' ? failed : null
	return (
		<>
			<h2 className="h5 mt-4">{t('admin.users.accessTitle')}</h2>
			<div className="row g-3">
				<AccessForm href={href} intent="changeEmail" heading={t('admin.users.changeEmail')} headingId="change-email-heading" noValidate>
					<Field
						name="email"
						type="email"
						label={t('admin.users.fields.email')}
						hint={t('admin.users.changeEmailHint')}
						defaultValue={emailFailed ? (emailFailed.values?.email ?? '') : user.email}
						error={emailFailed?.errors?.email}
						autoComplete="off"
						required
					/>
				</AccessForm>
				<AccessForm href={href} intent="resetPassword" heading={t('admin.users.resetPassword')}>
					<Field
						name="password"
						type="password"
						label={t('admin.users.fields.temporaryPassword')}
						hint={t('admin.users.passwordHint')}
						error={failed?.intent === 'resetPassword' ? failed.errors.password : undefined}
						autoComplete="new-password"
					/>
				</AccessForm>
				<div className="col-md-6">
					<div className="card card-body h-100">
						<IntentForm
							action={href}
							className="mb-3"
							hint={t(user.locked ? 'admin.users.unlockHint' : 'admin.users.lockHint')}
							buttons={[
								{
									intent: user.locked ? 'unlock' : 'lock',
									className: `btn ${user.locked ? 'btn-outline-success' : 'btn-outline-danger'}`,
									disabled: self && !user.locked,
									children: t(user.locked ? 'admin.users.unlock' : 'admin.users.lock'),
								},
							]}
						/>
						<IntentForm
							action={href}
							hint={t('admin.users.revokeHint', { count: user.sessions })}
							buttons={[{ intent: 'revokeSessions', className: 'btn btn-outline-secondary', children: t('admin.users.revokeSessions') }]}
						/>
						<AdminMfaReset href={href} secondFactor={secondFactor} self={self} />
					</div>
				</div>
			</div>
		</>
	)
}

/** One of the access cards: a form posting `intent` under its heading, its fields, and a button that says the heading again. */
function AccessForm({
	href,
	intent,
	heading,
	headingId,
	noValidate,
	children,
}: {
	href: string
	intent: string
	heading: string
	/** The heading's id, which names the form (a landmark) when given. */
	headingId?: string
	noValidate?: boolean
	children: ReactNode
}) {
	return (
		<div className="col-md-6">
			<Form method="post" action={href} className="card card-body h-100" noValidate={noValidate} aria-labelledby={headingId}>
				<CsrfInput />
				<h3 className="h6" id={headingId}>
					{heading}
				</h3>
				<input type="hidden" name="intent" value={intent} />
				{children}
				<div>
					<button type="submit" className="btn btn-outline-primary">
						{heading}
					</button>
				</div>
			</Form>
		</div>
	)
}
