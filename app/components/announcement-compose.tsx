import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '~/components/role-name'
import { CsrfInput, ErrorSummary, Field, TextareaField, fieldId, useFieldErrorText, useFieldLabels } from '~/components/forms'
import { useTimeZone } from '~/utils/root-data'
import { ANNOUNCEMENT_LIMITS, AUDIENCES, type AudienceUser } from '~/notifications/announcements'
import type { audienceRoles } from '~/notifications/announcement-list.server'
import type { FieldErrors } from '~/utils/form.server'

/**
 * What the compose form shows again after a post: its errors and values, the audience chosen, the accounts a
 * search found (the audience is missing from the answer to an unknown form).
 */
export interface ComposeState {
	errors: FieldErrors
	values: Record<string, string>
	formError: string | null
	chosenRoles?: number[]
	chosenUsers?: AudienceUser[]
	/** The accounts found for `userQuery` (null when no search was made). */
	matches?: AudienceUser[] | null
}

export function ComposeForm({ roles, state }: { roles: Awaited<ReturnType<typeof audienceRoles>>; state: ComposeState | null }) {
	const { t } = useTranslation()
	const timeZone = useTimeZone()
	const roleName = useRoleName()
	const errorText = useFieldErrorText()
	const values = state?.values ?? {}
	const errors = state?.errors ?? {}
	const audience = values.audience || 'everyone'
	const fieldLabels = useFieldLabels('admin.notifications.fields', ['title', 'body', 'link', 'audience', 'roles', 'users'])
	return (
		<Form method="post" className="card card-body" noValidate aria-labelledby="compose-heading">
			<h2 id="compose-heading" className="h5">
				{t('admin.notifications.compose')}
			</h2>
			<CsrfInput />
			<ErrorSummary errors={state?.errors} formError={state?.formError ? t(state.formError) : null} labels={fieldLabels} />
			<Field
				name="title"
				label={t('admin.notifications.fields.title')}
				defaultValue={values.title ?? ''}
				error={errors.title}
				required
				maxLength={ANNOUNCEMENT_LIMITS.title}
				autoComplete="off"
			/>
			<TextareaField
				name="body"
				label={t('admin.notifications.fields.body')}
				defaultValue={values.body ?? ''}
				error={errors.body}
				required
				maxLength={ANNOUNCEMENT_LIMITS.body}
				rows={4}
			/>
			<Field
				name="link"
				label={t('admin.notifications.fields.link')}
				hint={t('admin.notifications.linkHint')}
				defaultValue={values.link ?? ''}
				error={errors.link}
				maxLength={ANNOUNCEMENT_LIMITS.link}
				autoComplete="off"
			/>
			<fieldset id={fieldId('audience')} className="mb-3">
				<legend className="form-label fs-6">{t('admin.notifications.fields.audience')}</legend>
				{errors.audience ? <div className="invalid-feedback d-block">{errorText(errors.audience)}</div> : null}
				{AUDIENCES.map((value) => (
					<div className="form-check" key={value}>
						<input
							className="form-check-input"
							type="radio"
							name="audience"
							id={`audience-${value}`}
							value={value}
							defaultChecked={audience === value}
						/>
						<label className="form-check-label" htmlFor={`audience-${value}`}>
							{t(`admin.notifications.audience.${value}`)}
						</label>
					</div>
				))}
			</fieldset>
			<fieldset id={fieldId('roles')} className="mb-3" aria-describedby={errors.roles ? 'roles-error' : undefined}>
				<legend className="form-label fs-6">{t('admin.notifications.fields.roles')}</legend>
				{errors.roles ? (
					<div id="roles-error" className="invalid-feedback d-block">
						{errorText(errors.roles)}
					</div>
				) : null}
				<div className="d-flex flex-wrap gap-3">
					{roles.map((role) => (
						<div className="form-check" key={role.id}>
							<input
								className="form-check-input"
								type="checkbox"
								name="roles"
								id={`role-${role.id}`}
								value={role.id}
								defaultChecked={state?.chosenRoles?.includes(role.id) ?? false}
							/>
							<label className="form-check-label" htmlFor={`role-${role.id}`}>
								{roleName(role)}
							</label>
						</div>
					))}
				</div>
			</fieldset>
			<fieldset id={fieldId('users')} className="mb-3" aria-describedby={errors.users ? 'users-error' : undefined}>
				<legend className="form-label fs-6">{t('admin.notifications.fields.users')}</legend>
				{errors.users ? (
					<div id="users-error" className="invalid-feedback d-block">
						{errorText(errors.users)}
					</div>
				) : null}
				<UserChoices users={state?.chosenUsers ?? []} checked />
				<div className="row g-2 align-items-end mb-2">
					<div className="col-sm-8 col-lg-5">
						<label htmlFor="userQuery" className="form-label">
							{t('admin.notifications.findUsers')}
						</label>
						<input
							id="userQuery"
							type="search"
							name="userQuery"
							className="form-control"
							defaultValue={values.userQuery ?? ''}
							maxLength={100}
							autoComplete="off"
						/>
					</div>
					<div className="col-auto">
						<button type="submit" name="intent" value="find-users" className="btn btn-outline-secondary" formNoValidate>
							{t('admin.notifications.find')}
						</button>
					</div>
				</div>
				{state?.matches ? (
					state.matches.length > 0 ? (
						<div role="group" aria-label={t('admin.notifications.matches')}>
							<UserChoices users={state.matches} checked={false} />
						</div>
					) : (
						<p className="small text-body-secondary" role="status">
							{t('admin.notifications.noMatches')}
						</p>
					)
				) : null}
			</fieldset>
			<div className="form-check mb-3">
				<input
					className="form-check-input"
					type="checkbox"
					name="email"
					id="also-email"
					value="yes"
					defaultChecked={values.email === 'yes'}
				/>
				<label className="form-check-label" htmlFor="also-email">
					{t('admin.notifications.fields.email')}
				</label>
			</div>
			<div className="row g-3">
				<div className="col-md-6">
					<Field
						name="publishAt"
						type="datetime-local"
						label={t('admin.notifications.fields.publishAt')}
						hint={t('admin.notifications.publishHint', { zone: timeZone })}
						defaultValue={values.publishAt ?? ''}
						error={errors.publishAt}
					/>
				</div>
				<div className="col-md-6">
					<Field
						name="expiresAt"
						type="datetime-local"
						label={t('admin.notifications.fields.expiresAt')}
						hint={t('admin.notifications.expiresHint')}
						defaultValue={values.expiresAt ?? ''}
						error={errors.expiresAt}
					/>
				</div>
			</div>
			<div>
				<button type="submit" name="intent" value="send" className="btn btn-primary">
					{t('admin.notifications.send')}
				</button>
			</div>
		</Form>
	)
}

function UserChoices({ users, checked }: { users: AudienceUser[]; checked: boolean }) {
	if (users.length === 0) return null
	return (
		<ul className="list-unstyled mb-2">
			{users.map((user) => (
				<li className="form-check" key={user.id}>
					<input
						className="form-check-input"
						type="checkbox"
						name="users"
						id={`user-${user.id}`}
						value={user.id}
						defaultChecked={checked}
					/>
					<label className="form-check-label" htmlFor={`user-${user.id}`}>
						{user.displayName} <span className="text-body-secondary">{`<${user.email}>`}</span>
					</label>
				</li>
			))}
		</ul>
	)
}
