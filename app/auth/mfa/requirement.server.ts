import { sql } from 'kysely'
import { getConfig } from '~/config.server'
import { getDb, type DB } from '~/db/db.server'
import type { Session, SignInSecondFactor, User } from '~/db/schema'
import { memoizeForRequest } from '~/utils/request-memo.server'
import { hasSecondFactor } from './mfa.server'

/** Where a second factor is set up, and where a user who must have one is sent until they have. */
export const SECURITY_PATH = '/account/security'

const ADMINISTRATION_ROOT = 'QUANTRI'

/**
 * Whether REQUIRE_MFA_FOR puts the user in scope. `admin`: a role with all access, or a grant on an
 * enabled administration function (QUANTRI or anything under it in the function tree). One query, read
 * straight from the roles (not through the permission module, which itself relies on the session).
 */
export async function secondFactorRequiredFor(userId: number, db: DB = getDb()): Promise<boolean> {
	const scope = getConfig().requireMfaFor
	if (scope === 'none') return false
	if (scope === 'all') return true
	const result = await sql<{ found: number }>`
		with recursive administration(id) as (
			select id from functions where code = ${ADMINISTRATION_ROOT}
			union
			select functions.id from functions join administration on functions.parent_id = administration.id
		)
		select 1 as found
		from user_roles join roles on roles.id = user_roles.role_id
		where user_roles.user_id = ${userId}
			and (roles.all_access = 1 or exists (
				select 1 from role_grants
				join administration on administration.id = role_grants.function_id
				join functions on functions.id = role_grants.function_id
				where role_grants.role_id = roles.id and functions.enabled = 1
			))
		limit 1`.execute(db)
	return result.rows.length > 0
}

/**
 * Whether a sign-in's second factor satisfies REQUIRE_MFA_FOR by itself, for its session only: the OpenID
 * provider's (its `amr`), while OIDC_TRUST_AMR still says to trust it (decision 0064).
 */
export function satisfiedBySignIn(secondFactor: SignInSecondFactor | null | undefined): boolean {
	return secondFactor === 'provider' && getConfig().oidc?.trustAmr === true
}

/**
 * Whether the user is in REQUIRE_MFA_FOR's scope and has no confirmed second factor yet, and this session's
 * sign-in did not give one the requirement accepts (read once per request).
 */
export function mustEnrolSecondFactor(request: Request, user: User, session: Pick<Session, 'second_factor'>): Promise<boolean> {
	if (getConfig().requireMfaFor === 'none') return Promise.resolve(false)
	return memoizeForRequest(request, `mfa-enrol:${user.id}`, () => userMustEnrol(user.id, session.second_factor))
}

/** The same, outside a page request (the API, the end of a sign-in); `signInFactor` as in mustEnrolSecondFactor. */
export async function userMustEnrol(userId: number, signInFactor: SignInSecondFactor | null = null, db: DB = getDb()): Promise<boolean> {
	if (getConfig().requireMfaFor === 'none') return false
	if (satisfiedBySignIn(signInFactor)) return false
	if (await hasSecondFactor(userId, db)) return false
	return secondFactorRequiredFor(userId, db)
}
