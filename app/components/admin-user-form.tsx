import { Form } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { provincesFieldName, scopeFieldName } from '~/admin/users'
import { PROVINCES_BY_NAME, provinceName } from '~/catalogs/provinces'
import { useHydrated } from '~/hooks/use-hydrated'
import { foldForSearch } from '~/utils/text'
import type { FieldErrors } from '~/utils/form.server'
import { FieldList } from './field-list'
import { CsrfInput, FormButtons, Field, fieldId, useFieldErrorText, useFieldLabels } from './forms'
import { useRoleName } from './role-name'

export interface RoleChoice {
	code: string
	name: string
	is_builtin: number
	/** False when the role carries grants the signed-in administrator does not hold: shown, not assignable. */
	assignable?: boolean
}

const USER_FORM_FIELDS = ['email', 'displayName', 'firstName', 'lastName', 'roles']

/** The label of each field of the user forms, for the error summary. */
export function useUserFieldLabels() {
	const { t } = useTranslation()
	return { ...useFieldLabels('admin.users.fields', USER_FORM_FIELDS), password: t('admin.users.fields.temporaryPassword') }
}

/**
 * Where a role is given (decision 0052): all provinces, or those ticked. Works without JavaScript (radio
 * buttons and checkboxes inside a disclosure); with it, a field filters the provinces by name.
 */
function RoleScopePicker({
	role,
	label,
	provinces,
	disabled,
}: {
	role: string
	label: string
	provinces: readonly string[] | null
	disabled: boolean
}) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	const [filter, setFilter] = useState('')
	const shown = foldForSearch(filter.trim())
	const id = (suffix: string) => `scope-${role}-${suffix}`
	return (
		<details className="role-scope ms-4 mb-2" open={provinces !== null}>
			<summary className="small">
				{provinces === null ? t('scope.everywhere') : provinces.map(provinceName).join(', ')}{' '}
				<i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
			</summary>
			<fieldset className="mt-1" disabled={disabled}>
				<legend className="visually-hidden">{t('scope.legend', { role: label })}</legend>
				{(['all', 'some'] as const).map((choice) => (
					<div key={choice} className="form-check form-check-inline">
						<input
							className="form-check-input"
							type="radio"
							name={scopeFieldName(role)}
							value={choice}
							id={id(choice)}
							defaultChecked={(provinces === null) === (choice === 'all')}
						/>
						<label className="form-check-label" htmlFor={id(choice)}>
							{choice === 'all' ? t('scope.everywhere') : t('scope.only')}
						</label>
					</div>
				))}
				{hydrated ? (
					<div className="my-1">
						<label htmlFor={id('filter')} className="visually-hidden">
							{t('scope.filter')}
						</label>
						<input
							id={id('filter')}
							type="search"
							className="form-control form-control-sm"
							placeholder={t('scope.filter')}
							value={filter}
							onChange={(event) => setFilter(event.target.value)}
						/>
					</div>
				) : null}
				<div className="role-scope__provinces">
					{PROVINCES_BY_NAME.map((province) => (
						<div key={province.code} className="form-check" hidden={shown !== '' && !foldForSearch(province.name).includes(shown)}>
							<input
								className="form-check-input"
								type="checkbox"
								name={provincesFieldName(role)}
								value={province.code}
								id={id(province.code)}
								defaultChecked={provinces?.includes(province.code) ?? false}
							/>
							<label className="form-check-label" htmlFor={id(province.code)}>
								{province.name}
							</label>
						</div>
					))}
				</div>
			</fieldset>
		</details>
	)
}

/** The role checkboxes of a user form, one fieldset, each role with where it is given. */
export function RoleCheckboxes({
	roles,
	selected,
	scopes,
	error,
}: {
	roles: readonly RoleChoice[]
	selected: readonly string[]
	scopes: Readonly<Record<string, readonly string[] | null>>
	error?: FieldErrors[string]
}) {
	const { t } = useTranslation()
	const roleLabel = useRoleName()
	const errorText = useFieldErrorText()(error)
	return (
		<fieldset id={fieldId('roles')} className="mb-3" aria-describedby={errorText ? 'roles-error' : undefined}>
			<legend className="form-label fs-6">{t('admin.users.fields.roles')}</legend>
			{roles.map((role) => {
				const locked = role.assignable === false
				return (
					<div key={role.code} className="form-check">
						<input
							className="form-check-input"
							type="checkbox"
							name="roles"
							value={role.code}
							id={`role-${role.code}`}
							defaultChecked={selected.includes(role.code)}
							disabled={locked}
							aria-describedby={locked ? `role-${role.code}-reason` : undefined}
						/>
						<label className="form-check-label" htmlFor={`role-${role.code}`}>
							{roleLabel(role)} <span className="text-body-secondary">{`(${role.code})`}</span>
						</label>
						{locked ? (
							<div id={`role-${role.code}-reason`} className="form-text">
								{t('admin.delegation.roleNotAssignable')}
							</div>
						) : null}
						<RoleScopePicker role={role.code} label={roleLabel(role)} provinces={scopes[role.code] ?? null} disabled={locked} />
					</div>
				)
			})}
			{errorText ? (
				<div id="roles-error" className="invalid-feedback d-block">
					{errorText}
				</div>
			) : null}
		</fieldset>
	)
}

/** Create (with email and temporary password) or edit (names and roles) a user. */
export function AdminUserForm({
	action,
	mode,
	values,
	roles,
	selectedRoles,
	scopes,
	errors,
	submitLabel,
	cancelHref,
}: {
	action: string
	mode: 'create' | 'edit'
	values: Record<string, string>
	roles: readonly RoleChoice[]
	selectedRoles: readonly string[]
	/** Each selected role's provinces (null or absent: all). */
	scopes: Readonly<Record<string, readonly string[] | null>>
	errors: FieldErrors
	submitLabel: string
	cancelHref: string
}) {
	const { t } = useTranslation()
	return (
		<Form method="post" action={action} className="card card-body" noValidate>
			<CsrfInput />
			<input type="hidden" name="intent" value={mode === 'create' ? 'create' : 'update'} />
			{mode === 'create' ? (
				<Field
					name="email"
					type="email"
					label={t('admin.users.fields.email')}
					defaultValue={values.email ?? ''}
					error={errors.email}
					required
					autoComplete="off"
					maxLength={254}
				/>
			) : null}
			<Field
				name="displayName"
				label={t('admin.users.fields.displayName')}
				hint={t('admin.users.displayNameHint')}
				defaultValue={values.displayName ?? ''}
				error={errors.displayName}
				maxLength={100}
			/>
			<div className="row">
				<FieldList
					fields={(['lastName', 'firstName'] as const).map((name) => ({
						name,
						label: t(`admin.users.fields.${name}`),
						maxLength: 50,
						columns: 'col-md-6',
					}))}
					values={values}
					errors={errors}
				/>
			</div>
			<RoleCheckboxes roles={roles} selected={selectedRoles} scopes={scopes} error={errors.roles} />
			{mode === 'create' ? (
				<Field
					name="password"
					type="password"
					label={t('admin.users.fields.temporaryPassword')}
					hint={t('admin.users.passwordHint')}
					error={errors.password}
					autoComplete="new-password"
				/>
			) : null}
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}

/** A temporary password shown once, after a create or a reset. */
export function OneTimePassword({ password }: { password: string }) {
	const { t } = useTranslation()
	return (
		<div className="alert alert-warning" role="status">
			<p className="mb-1">{t('admin.users.passwordOnce')}</p>
			<p className="mb-0">
				<code className="admin-password">{password}</code>
			</p>
		</div>
	)
}
