/** The signed-in user's security page: sessions, API tokens (and the second factor). */
export const SECURITY_PATH = '/account/security'

/** The second factor's forms on it: their answers are told in its section, the others' at the top of the page. */
export const MFA_INTENTS = ['startMfa', 'confirmMfa', 'regenerateRecoveryCodes', 'disableMfa'] as const
export type MfaIntent = (typeof MFA_INTENTS)[number]
