import { useTranslation } from 'react-i18next'

export interface NamedRole {
	code: string
	name: string
	is_builtin: boolean | number
}

/** A role's shown name everywhere: the translated name of a built-in role, the stored name of others. */
export function useRoleName() {
	const { t } = useTranslation()
	return (role: NamedRole) => (role.is_builtin ? t(`roles.${role.code}`, { defaultValue: role.name }) : role.name)
}

/** A role's description: the one stored, or for a built-in role left without one its translated description. */
export function useRoleDescription() {
	const { t } = useTranslation()
	return (role: NamedRole & { description: string }) =>
		role.description || (role.is_builtin ? t(`roleDescriptions.${role.code}`, { defaultValue: '' }) : '')
}
