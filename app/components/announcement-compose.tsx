import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '~/components/role-name'
import { CheckField, ChoiceFieldset } from '~/components/choice-fields'
import { FieldList, definedLabels, type FieldDefinition } from '~/components/field-list'
import { CsrfInput, ErrorSummary, Field, useFieldLabels } from '~/components/forms'
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
	const values = state?.values ?? {}
	const errors = state?.errors ?? {}
	const audience = values.audience || 'everyone'
	const fields: FieldDefinition[] = [
		{
			name: 'title',
			label: t('admin.notifications.fields.title'),
			required: true,
			maxLength: ANNOUNCEMENT_LIMITS.title,
			autoComplete: 'off',
		},
		{
			kind: 'textarea',
			name: 'body',
			label: t('admin.notifications.fields.body'),
			required: true,
			maxLength: ANNOUNCEMENT_LIMITS.body,
			rows: 4,
		},
		{
			name: 'link',
			label: t('admin.notifications.fields.link'),
			hint: t('admin.notifications.linkHint'),
			maxLength: ANNOUNCEMENT_LIMITS.link,
			autoComplete: 'off',
		},
	]
	const schedule: FieldDefinition[] = [
		{
			columns: 'col-md-6',
			name: 'publishAt',
			type: 'datetime-local',
			label: t('admin.notifications.fields.publishAt'),
			hint: t('admin.notifications.publishHint', { zone: timeZone }),
		},
		{
			columns: 'col-md-6',
			name: 'expiresAt',
			type: 'datetime-local',
			label: t('admin.notifications.fields.expiresAt'),
			hint: t('admin.notifications.expiresHint'),
		},
	]
	const fieldLabels = {
		...definedLabels(fields),
		...useFieldLabels('admin.notifications.fields', ['audience', 'roles', 'users']),
	}
	return (
		<Form method="post" className="card card-body" noValidate aria-labelledby="compose-heading">
			<h2 id="compose-heading" className="h5">
				{t('admin.notifications.compose')}
			</h2>
			<CsrfInput />
			<ErrorSummary errors={state?.errors} formError={state?.formError ? t(state.formError) : null} labels={fieldLabels} />
			<FieldList fields={fields} values={values} errors={errors} />
			<ChoiceFieldset name="audience" legend={t('admin.notifications.fields.audience')} error={errors.audience}>
				{AUDIENCES.map((value) => (
					<CheckField
						key={value}
						type="radio"
						name="audience"
						id={`audience-${value}`}
						value={value}
						defaultChecked={audience === value}
						label={t(`admin.notifications.audience.${value}`)}
					/>
				))}
			</ChoiceFieldset>
			<ChoiceFieldset name="roles" legend={t('admin.notifications.fields.roles')} error={errors.roles}>
				<div className="d-flex flex-wrap gap-3">
					{roles.map((role) => (
						<CheckField
							key={role.id}
							name="roles"
							id={`role-${role.id}`}
							value={role.id}
							defaultChecked={state?.chosenRoles?.includes(role.id) ?? false}
							label={roleName(role)}
						/>
					))}
				</div>
			</ChoiceFieldset>
			<ChoiceFieldset name="users" legend={t('admin.notifications.fields.users')} error={errors.users}>
				<UserChoices users={state?.chosenUsers ?? []} checked />
				<div className="row g-2 align-items-end mb-2">
					<Field
						className="col-sm-8 col-lg-5"
						id="userQuery"
						type="search"
						name="userQuery"
						label={t('admin.notifications.findUsers')}
						defaultValue={values.userQuery ?? ''}
						maxLength={100}
						autoComplete="off"
					/>
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
			</ChoiceFieldset>
			<CheckField
				className="mb-3"
				name="email"
				id="also-email"
				value="yes"
				defaultChecked={values.email === 'yes'}
				label={t('admin.notifications.fields.email')}
			/>
			<div className="row g-3">
				<FieldList fields={schedule} values={values} errors={errors} />
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
				<CheckField
					as="li"
					key={user.id}
					name="users"
					id={`user-${user.id}`}
					value={user.id}
					defaultChecked={checked}
					label={
						<>
							{user.displayName} <span className="text-body-secondary">{`<${user.email}>`}</span>
						</>
					}
				/>
			))}
		</ul>
	)
}
