/** The tables of signing in: sessions, devices, identities, API tokens, second factors, password resets, kept forms; see `schema.ts`. */
import type { Generated } from 'kysely'

export interface SessionsTable {
	/** SHA-256 of the random id the cookie carries; a database leak yields no usable session. */
	id_hash: string
	user_id: number
	created_at: number
	last_seen_at: number
	expires_at: number
	ip: string | null
	user_agent: string | null
	flash: string | null
	/** The OpenID provider's session id (`sid`) when signed in through it: back-channel logout ends it. */
	oidc_sid: string | null
	/** The ID token of that sign-in: the hint of the sign-out through the provider. */
	oidc_id_token: string | null
	/** How the sign-in's second factor was given (null: none, or a session older than migration 0024). */
	second_factor: SignInSecondFactor | null
}

/** The second factor that completed a sign-in: the portal's code, a recovery code, or the OpenID provider's (OIDC_TRUST_AMR). */
export type SignInSecondFactor = 'totp' | 'recovery' | 'provider'

/** An account's identity at the OpenID provider (decision 0055). */
export interface UserIdentitiesTable {
	user_id: number
	issuer: string
	subject: string
	linked_at: number
	last_sign_in_at: number
}

/** A browser an account has signed in from (see app/auth/new-browser.server.ts). */
export interface UserDevicesTable {
	user_id: number
	/** SHA-256 of the random id the browser's device cookie carries. */
	device_hash: string
	first_sign_in_at: number
	last_sign_in_at: number
	/** Of the last sign-in from this browser. */
	user_agent: string | null
	ip: string | null
}

export interface ApiTokensTable {
	id: Generated<number>
	/** SHA-256 of the bearer token; the token itself is shown once, at issue. */
	token_hash: string
	user_id: number
	created_at: number
	expires_at: number
	/** Written at most once a minute (see api-token.server); NULL until the token is first used. */
	last_used_at: number | null
	/** The address and user agent of the client the token was issued to (NULL before migration 0014). */
	ip: string | null
	user_agent: string | null
}

export interface KeptFormsTable {
	/** SHA-256 of the random key in the browser's cookie. */
	id_hash: string
	user_id: number
	/** Where the form was posted (path and query). */
	path: string
	/** JSON array of [name, value] pairs, in the order posted; no passwords, tokens or files. */
	fields: string
	created_at: number
	expires_at: number
}

/** A user's second factor (TOTP); unconfirmed (`confirmed_at` null) while being set up. */
export interface UserMfaTable {
	user_id: number
	/** The TOTP key, AES-256-GCM under a key derived from SESSION_SECRET (see auth/mfa/secret-box). */
	secret_encrypted: string
	created_at: number
	confirmed_at: number | null
	/** The last time step (Unix seconds / 30) a code was accepted for: that step and older are refused. */
	last_used_step: Generated<number>
}

export interface MfaRecoveryCodesTable {
	id: Generated<number>
	user_id: number
	/** HMAC-SHA-256 of the normalised code under a key derived from SESSION_SECRET. */
	code_hash: string
	created_at: number
	used_at: number | null
}

/** A "forgot password" request not yet handled by the background (migration 0020, decision 0042). */
export interface PasswordResetRequestsTable {
	id: Generated<number>
	/** As typed (validated), whether or not an account has it. */
	email: string
	/** This site, for the link (`https://portal.example.com`). */
	origin: string
	/** The requester's language, for a recipient who has chosen none. */
	language: string
	requested_at: number
	/** When a worker took it; null while waiting. A claim older than the lease is taken again. */
	claimed_at: number | null
	attempts: Generated<number>
}

/** A sign-in whose password was accepted, waiting for the second factor (5 minutes, one browser). */
export interface MfaPendingSignInsTable {
	/** SHA-256 of the random key in the browser's cookie. */
	id_hash: string
	user_id: number
	redirect_to: string
	failures: Generated<number>
	created_at: number
	expires_at: number
	/** Of a single sign-on waiting for the portal's own code: carried to the session (see SessionsTable). */
	oidc_sid: string | null
	oidc_id_token: string | null
}

export interface PasswordResetsTable {
	id: Generated<number>
	user_id: number
	/** SHA-256 of the token the email link carries. */
	token_hash: string
	created_at: number
	expires_at: number
	used_at: number | null
}
