import type { Kysely } from 'kysely'

/**
 * Single sign-on (decision 0055): the identities accounts are linked to at the OpenID provider, which of a
 * user's roles the directory gave (decision 0056), and, for each session, the provider's session id
 * (back-channel logout) and ID token (the hint of the sign-out through the provider).
 */
export function singleSignOn() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('user_identities')
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('issuer', 'varchar(2048)', (c) => c.notNull())
				.addColumn('subject', 'varchar(255)', (c) => c.notNull())
				.addColumn('linked_at', 'bigint', (c) => c.notNull())
				.addColumn('last_sign_in_at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
				.execute()
			await db.schema.createIndex('user_identities_user').on('user_identities').columns(['user_id', 'issuer']).unique().execute()
			await db.schema
				.alterTable('user_roles')
				.addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('portal'))
				.execute()
			await db.schema.alterTable('sessions').addColumn('oidc_sid', 'varchar(255)').execute()
			await db.schema.alterTable('sessions').addColumn('oidc_id_token', 'text').execute()
			await db.schema.createIndex('sessions_oidc_sid').on('sessions').column('oidc_sid').execute()
			await db.schema.alterTable('mfa_pending_sign_ins').addColumn('oidc_sid', 'varchar(255)').execute()
			await db.schema.alterTable('mfa_pending_sign_ins').addColumn('oidc_id_token', 'text').execute()
		},
	}
}
