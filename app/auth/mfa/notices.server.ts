import { getDb, type DB } from '~/db/db.server'
import { notify } from '~/notifications/notifications.server'
import { SECURITY_PATH } from './requirement.server'

export type SecondFactorChange = 'enabled' | 'disabled' | 'reset' | 'recoveryCodesRegenerated' | 'recoveryCodeUsed'

/** Tells the user of a change to their second factor (the bell, with a link to the security page): a change they did not make stands out. */
export function notifySecondFactorChange(userId: number, change: SecondFactorChange, db: DB = getDb()) {
	return notify(userId, { type: 'second_factor_changed', titleKey: `mfa.notices.${change}`, link: SECURITY_PATH }, db)
}
