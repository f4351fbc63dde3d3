import type { Kysely } from 'kysely'

/**
 * How the second factor of each session's sign-in was given (decision 0064): `totp`, `recovery`, or
 * `provider` (the OpenID provider's, trusted through OIDC_TRUST_AMR), which satisfies REQUIRE_MFA_FOR for
 * that session. Existing sessions get none recorded, so they are treated as before.
 */
export function sessionSecondFactor() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema.alterTable('sessions').addColumn('second_factor', 'varchar(16)').execute()
		},
	}
}
