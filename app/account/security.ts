/** The signed-in user's security page: sessions, API tokens (and the second factor). */
export const SECURITY_PATH = '/account/security'
