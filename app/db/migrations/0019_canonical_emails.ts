import type { Kysely } from 'kysely'
import type { Database } from '~/db/schema'
import { canonicalEmail } from '~/users/email.server'
import { logger } from '~/utils/logger.server'

export interface EmailReport {
	/** Accounts whose `email` (and, where it differed, `email_normalized`) now holds the canonical address. */
	updated: number[]
	/** Accounts whose address is no valid address even in canonical form: left as they are. */
	invalid: number[]
	/** Accounts whose canonical address is another account's: left as they are, neither merged nor renamed. */
	collisions: number[]
}

/**
 * Stores every account's address in its canonical form (decision 0034): `email` was kept as typed (case,
 * fullwidth letters), which mail, audit rows and the API answered. Nothing is merged: an address that is
 * none, or whose canonical form another account holds, is reported and left for an administrator.
 */
export async function canonicaliseStoredEmails(db: Kysely<Database>): Promise<EmailReport> {
	const report: EmailReport = { updated: [], invalid: [], collisions: [] }
	const rows = await db.selectFrom('users').select(['id', 'email', 'email_normalized']).orderBy('id').execute()
	const owners = new Map<string, number>(rows.map((row) => [row.email_normalized, Number(row.id)]))
	for (const row of rows) {
		const id = Number(row.id)
		const email = canonicalEmail(row.email)
		if (email === null) report.invalid.push(id)
		else if ((owners.get(email) ?? id) !== id) report.collisions.push(id)
		else if (row.email !== email || row.email_normalized !== email) {
			owners.delete(row.email_normalized)
			owners.set(email, id)
			await db.updateTable('users').set({ email, email_normalized: email }).where('id', '=', id).execute()
			report.updated.push(id)
		}
	}
	for (const id of report.invalid)
		logger.warn('users.email_invalid', { userId: id, message: 'Not a valid email address: give the account a valid one on its admin page' })
	for (const id of report.collisions)
		logger.warn('users.email_collision', {
			userId: id,
			message: "Another account holds this address's canonical form: change or delete one of the two",
		})
	return report
}

export function canonicalEmails() {
	return {
		async up(db: Kysely<unknown>) {
			const report = await canonicaliseStoredEmails(db as Kysely<Database>)
			logger.info('users.emails_canonical', {
				updated: report.updated.length,
				invalid: report.invalid.length,
				collisions: report.collisions.length,
			})
		},
	}
}
