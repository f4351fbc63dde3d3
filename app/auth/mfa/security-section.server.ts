import type { Session, User } from '~/db/schema'
import { qrCodeSvg } from '~/utils/qr-code.server'
import { getSecondFactor } from './mfa.server'
import { satisfiedBySignIn, secondFactorRequiredFor } from './requirement.server'
import { groupedSecret, totpUri } from './totp.server'

/**
 * `required`: with a second factor, whether it must stay on (REQUIRE_MFA_FOR); without one, whether this
 * session must set one up (not when its sign-in gave a second factor the requirement accepts).
 */
export type MfaSectionData =
	| { status: 'none'; required: boolean }
	/** Being set up: the QR code (SVG markup made here from our own key) and the key as text. */
	| { status: 'pending'; required: boolean; qrSvg: string; key: string }
	| { status: 'active'; required: boolean; confirmedAt: number; recoveryCodesLeft: number }

/** What the security page shows about the user's second factor. */
export async function getMfaSection(request: Request, user: User, session: Pick<Session, 'second_factor'>): Promise<MfaSectionData> {
	const [state, required] = await Promise.all([getSecondFactor(user.id), secondFactorRequiredFor(user.id)])
	if (state.status === 'active')
		return { status: 'active', required, confirmedAt: state.confirmedAt, recoveryCodesLeft: state.recoveryCodesLeft }
	const mustSetUp = required && !satisfiedBySignIn(session.second_factor)
	if (state.status === 'none') return { status: 'none', required: mustSetUp }
	return {
		status: 'pending',
		required: mustSetUp,
		qrSvg: await qrCodeSvg(totpUri(state.secret, user.email)),
		key: groupedSecret(state.secret),
	}
}
