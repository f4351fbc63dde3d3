import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { AdminUserRecord } from '~/admin/user-list.server'
import type { FormAnswer } from '~/utils/form-action.server'
import { CsrfInput, Field } from './forms'
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
	return (
		<>
			<h2 className="h5 mt-4">{t('admin.users.accessTitle')}</h2>
			<div className="row g-3">
				<div className="col-md-6">
					<Form method="post" action={href} className="card card-body h-100" noValidate aria-labelledby="change-email-heading">
						<CsrfInput />
						<h3 className="h6" id="change-email-heading">
							{t('admin.users.changeEmail')}
						</h3>
						<input type="hidden" name="intent" value="changeEmail" />
						<Field
							name="email"
							type="email"
							label={t('admin.users.fields.email')}
							hint={t('admin.users.changeEmailHint')}
							defaultValue={failed?.intent === 'changeEmail' ? (failed.values?.email ?? '') : user.email}
							error={failed?.intent === 'changeEmail' ? failed.errors?.email : undefined}
							autoComplete="off"
							required
						/>
						<div>
							<button type="submit" className="btn btn-outline-primary">
								{t('admin.users.changeEmail')}
							</button>
						</div>
					</Form>
				</div>
				<div className="col-md-6">
					<Form method="post" action={href} className="card card-body h-100">
						<CsrfInput />
						<h3 className="h6">{t('admin.users.resetPassword')}</h3>
						<input type="hidden" name="intent" value="resetPassword" />
						<Field
							name="password"
							type="password"
							label={t('admin.users.fields.temporaryPassword')}
							hint={t('admin.users.passwordHint')}
							error={failed?.intent === 'resetPassword' ? failed.errors.password : undefined}
							autoComplete="new-password"
						/>
						<div>
							<button type="submit" className="btn btn-outline-primary">
								{t('admin.users.resetPassword')}
							</button>
						</div>
					</Form>
				</div>
				<div className="col-md-6">
					<div className="card card-body h-100">
						<Form method="post" action={href} className="mb-3">
							<CsrfInput />
							<p className="mb-2">{t(user.locked ? 'admin.users.unlockHint' : 'admin.users.lockHint')}</p>
							<input type="hidden" name="intent" value={user.locked ? 'unlock' : 'lock'} />
							<button
								type="submit"
								className={`btn ${user.locked ? 'btn-outline-success' : 'btn-outline-danger'}`}
								disabled={self && !user.locked}
							>
								{t(user.locked ? 'admin.users.unlock' : 'admin.users.lock')}
							</button>
						</Form>
						<Form method="post" action={href}>
							<CsrfInput />
							<p className="mb-2">{t('admin.users.revokeHint', { count: user.sessions })}</p>
							<input type="hidden" name="intent" value="revokeSessions" />
							<button type="submit" className="btn btn-outline-secondary">
								{t('admin.users.revokeSessions')}
							</button>
						</Form>
						<AdminMfaReset href={href} secondFactor={secondFactor} self={self} />
					</div>
				</div>
			</div>
		</>
	)
}
