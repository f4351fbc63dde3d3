import { sql, type Kysely } from 'kysely'

/**
 * Announcements sent in the background, in batches of recipients (decision 0065): how far the sending
 * has come (`recipients_through`, the last user id written), how many it is for and how many were
 * mailed, when it was finished, and the lease of the instance sending it. Each batch committed is
 * recorded under the token its held mail carries, so that mail written before a crash is released
 * exactly when its batch was committed. Announcements sent before this migration count as finished.
 */
export function announcementProgress() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.alterTable('announcements')
				.addColumn('recipients_through', 'integer', (c) => c.notNull().defaultTo(0))
				.execute()
			await db.schema.alterTable('announcements').addColumn('audience_size', 'integer').execute()
			await db.schema
				.alterTable('announcements')
				.addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
				.execute()
			await db.schema.alterTable('announcements').addColumn('completed_at', 'bigint').execute()
			await db.schema.alterTable('announcements').addColumn('lease_owner', 'varchar(64)').execute()
			await db.schema.alterTable('announcements').addColumn('lease_until', 'bigint').execute()
			await sql`update announcements set completed_at = delivered_at, audience_size = recipients where delivered_at is not null`.execute(db)
			await db.schema.dropIndex('announcements_due').execute()
			await db.schema.createIndex('announcements_pending').on('announcements').columns(['completed_at', 'publish_at']).execute()
			await db.schema
				.createTable('announcement_batches')
				.addColumn('hold', 'varchar(32)', (c) => c.primaryKey())
				.addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
				.addColumn('committed_at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema.createIndex('announcement_batches_announcement').on('announcement_batches').column('announcement_id').execute()
		},
	}
}
