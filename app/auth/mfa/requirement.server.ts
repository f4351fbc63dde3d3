import { getConfig } from '~/config.server'
import type { User } from '~/db/schema'
import { getUserAccess, type Access } from '~/permissions/grants.server'
import { memoizeForRequest } from '~/utils/request-memo.server'
import { hasSecondFactor } from './mfa.server'

/** Where a second factor is set up, and where a user who must have one is sent until they have. */
export const SECURITY_PATH = '/account/security'

const ADMINISTRATION_ROOT = 'QUANTRI'

/** The codes of the administration functions: QUANTRI and everything under it in the function tree. */
function administrationCodes(access: Access): Promise<Set<string>> {
	return access.snapshot.remember('mfa:administration-codes', async () => {
		const { childrenOf, codeOf } = access.functions.index
		const codes = new Set<string>()
		const visit = (id: number) => {
			const code = codeOf.get(id)
			if (code === undefined || codes.has(code)) return
			codes.add(code)
			for (const child of childrenOf.get(id) ?? []) visit(child.id)
		}
		for (const [id, code] of codeOf) if (code === ADMINISTRATION_ROOT) visit(id)
		return codes
	})
}

/** Whether REQUIRE_MFA_FOR puts the user in scope (`admin`: any grant on an administration function). */
export async function secondFactorRequiredFor(access: Access): Promise<boolean> {
	const scope = getConfig().requireMfaFor
	if (scope === 'none') return false
	if (scope === 'all') return true
	if (access.grants.allAccess) return true
	const codes = await administrationCodes(access)
	for (const [code, actions] of access.grants.byFunction) if (actions.size > 0 && codes.has(code)) return true
	return false
}

/** Whether the user is in REQUIRE_MFA_FOR's scope and has no confirmed second factor yet (read once per request). */
export function mustEnrolSecondFactor(request: Request, user: User): Promise<boolean> {
	if (getConfig().requireMfaFor === 'none') return Promise.resolve(false)
	return memoizeForRequest(request, `mfa-enrol:${user.id}`, async () => {
		if (await hasSecondFactor(user.id)) return false
		return secondFactorRequiredFor(await getUserAccess(request, user))
	})
}
