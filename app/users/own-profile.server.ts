import { recordAudit } from '~/audit/audit.server'
import type { User } from '~/db/schema'
import { updateProfile } from './users.server'

type Names = { displayName: string; firstName?: string | null; lastName?: string | null }

/** The user's own names, from the profile page: a name left out of the form stays; what changed is audited. */
export async function updateOwnNames(user: User, { displayName, firstName, lastName }: Names, ip: string | null) {
	const before = { displayName: user.display_name, firstName: user.first_name, lastName: user.last_name }
	const after = {
		displayName,
		firstName: firstName === undefined ? before.firstName : (firstName ?? ''),
		lastName: lastName === undefined ? before.lastName : (lastName ?? ''),
	}
	await updateProfile(user.id, after)
	const changed = (Object.keys(after) as (keyof typeof after)[]).filter((field) => before[field] !== after[field])
	await auditOwnProfile(user, ip, Object.fromEntries(changed.map((field) => [field, { before: before[field], after: after[field] }])))
	return { ok: true } as const
}

/** Whether the user's notifications are mailed too; audited. */
export async function setOwnEmailNotifications(user: User, on: boolean, ip: string | null) {
	await updateProfile(user.id, { emailNotifications: on })
	await auditOwnProfile(user, ip, { emailNotifications: { before: user.email_notifications === 1, after: on } })
	return { ok: true } as const
}

/** A change the user made to their own profile, field by field (before → after). */
function auditOwnProfile(user: User, ip: string | null, details: Record<string, { before: unknown; after: unknown }>) {
	return recordAudit({ action: 'user.profile_updated', actor: user, entity: 'user', entityId: user.id, ip, details })
}
