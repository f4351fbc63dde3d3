import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

/**
 * Notifications that administrators write (announcements): each is fanned out to its recipients'
 * `notifications` rows when due, which carry its expiry (moved to the withdrawal time on withdrawal), so
 * the unread count stays one indexed query. Users choose whether they also want them by email.
 */
export function announcements(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('announcements'), dialect)
				.addColumn('title', 'varchar(200)', (c) => c.notNull())
				.addColumn('body', 'text', (c) => c.notNull())
				.addColumn('link', 'varchar(512)')
				.addColumn('audience', 'varchar(16)', (c) => c.notNull())
				/** The chosen role or user ids (JSON), for the record: recipients are resolved when it is sent. */
				.addColumn('audience_ids', 'text')
				.addColumn('also_email', 'integer', (c) => c.notNull().defaultTo(0))
				/** The site's address for the links in its mails. */
				.addColumn('site_url', 'varchar(512)', (c) => c.notNull())
				.addColumn('publish_at', 'bigint', (c) => c.notNull())
				.addColumn('expires_at', 'bigint')
				.addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('delivered_at', 'bigint')
				.addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('withdrawn_at', 'bigint')
				.execute()
			await db.schema.createIndex('announcements_due').on('announcements').columns(['delivered_at', 'publish_at']).execute()
			await db.schema
				.alterTable('notifications')
				.addColumn('announcement_id', 'integer', (c) => c.references('announcements.id').onDelete('cascade'))
				.execute()
			await db.schema.alterTable('notifications').addColumn('expires_at', 'bigint').execute()
			await db.schema.createIndex('notifications_announcement').on('notifications').columns(['announcement_id', 'read_at']).execute()
			await db.schema
				.alterTable('users')
				.addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
				.execute()
		},
	}
}
