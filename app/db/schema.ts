import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { Email } from '~/users/email.server'

/**
 * Column conventions shared by SQLite and PostgreSQL:
 * times are epoch milliseconds (integer / bigint), flags are 0/1 integers.
 */
export interface UsersTable {
	id: Generated<number>
	/** The canonical address (app/users/email.server.ts); `email_normalized` holds the same, with the unique index. */
	email: Email
	email_normalized: Email
	display_name: string
	first_name: string
	last_name: string
	/** The accent- and case-free email and names the users list searches (app/users/search-text.ts). */
	search_text: string
	password_hash: string | null
	external_id: string | null
	locked: Generated<number>
	must_change_password: Generated<number>
	preferred_language: string | null
	/** An IANA zone the user chose for dates and times; null follows the portal's (APP_TIME_ZONE). */
	time_zone: string | null
	password_changed_at: number | null
	/** 1 unless the user chose not to get administrators' notifications by email too. */
	email_notifications: Generated<number>
	/** Epoch ms of the last successful sign-in (page or API); 0 when never. */
	last_sign_in_at: Generated<number>
	created_at: number
	updated_at: number
}

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

/** The optional columns a user hid in a list (see app/lists/list-views.server.ts). */
export interface ListColumnsTable {
	user_id: number
	list_key: string
	/** A JSON array of column names. */
	hidden: string
	updated_at: number
}

/** A list view a user saved: a name and the list's canonical query (without the page). */
export interface ListViewsTable {
	id: Generated<number>
	user_id: number
	list_key: string
	name: string
	/** The name folded for the uniqueness check (one user, one list). */
	name_key: string
	/** `?q=…&status=…` or '' for the list as it opens. */
	query: string
	created_at: number
}

export interface AuditLogTable {
	id: Generated<number>
	at: number
	actor_user_id: number | null
	actor_email: string | null
	action: string
	entity: string | null
	entity_id: string | null
	ip: string | null
	details: string | null
}

export interface FunctionsTable {
	id: Generated<number>
	code: string
	parent_id: number | null
	sort_order: number
	/** Translation key of the label; `labels` may override it per language (JSON object). */
	label_key: string | null
	labels: string | null
	/** A boxicons name, e.g. `bx-home-circle`. */
	icon: string | null
	path: string | null
	param: string | null
	is_title: number
	/** The seed's `isLayout`: reachable but not shown in the menu. */
	is_hidden: number
	badge_text: string | null
	badge_variant: string | null
	enabled: number
	created_at: number
	updated_at: number
}

export interface RolesTable {
	id: Generated<number>
	code: string
	name: string
	description: string
	is_builtin: number
	/** Holds every action on every function, present and future (the built-in administrator). */
	all_access: number
	created_at: number
	updated_at: number
}

export interface RoleGrantsTable {
	role_id: number
	function_id: number
	action: string
}

export interface UserRolesTable {
	user_id: number
	role_id: number
	/** `portal` (an administrator assigned it) or `directory` (OIDC_ROLE_MAP gave it; decision 0056). */
	source: Generated<string>
}

/** The provinces an assignment (a row of user_roles) is limited to; none: everywhere (migration 0021). */
export interface UserRoleScopesTable {
	user_id: number
	role_id: number
	province: string
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

export interface NotificationsTable {
	id: Generated<number>
	user_id: number
	type: string
	/** Translation keys, rendered in the reader's language with `params`. */
	title_key: string
	body_key: string | null
	params: string | null
	link: string | null
	created_at: number
	read_at: number | null
	/** Set for a notification an administrator wrote: its title and body are the announcement's. */
	announcement_id: number | null
	/** Hidden from then on (an announcement's expiry or withdrawal). */
	expires_at: number | null
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

export interface AnnouncementsTable {
	id: Generated<number>
	title: string
	body: string
	link: string | null
	audience: string
	audience_ids: string | null
	also_email: number
	site_url: string
	publish_at: number
	expires_at: number | null
	created_by: number | null
	created_at: number
	/** When sending began (it is then visible to the recipients written so far). */
	delivered_at: number | null
	/** Notification rows written so far. */
	recipients: Generated<number>
	withdrawn_at: number | null
	/** The last user id whose notification (and mail) is written: sending resumes after it. */
	recipients_through: Generated<number>
	/** The recipients counted when sending began (the "of" of its progress). */
	audience_size: number | null
	/** Mails queued so far. */
	mailed: Generated<number>
	/** When every recipient was written. */
	completed_at: number | null
	/** The instance sending it, until `lease_until` (epoch ms). */
	lease_owner: string | null
	lease_until: number | null
}

/** A batch of an announcement's recipients, committed: its held mail (named with `hold`) may go out. */
export interface AnnouncementBatchesTable {
	hold: string
	announcement_id: number
	committed_at: number
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

/** A site the company operates ("Trạm"). Dates without a time are `YYYY-MM-DD` text. */
export interface StationsTable {
	id: Generated<number>
	code: string
	name: string
	/** Accent- and case-free name (see catalogs/search): the name sort key, equal on both databases. */
	name_key: string
	/** Accent- and case-free code and name, searched by substring (FTS5 trigram / pg_trgm). */
	search_text: string
	type: string
	/** A province code from catalogs/provinces, e.g. `ha-noi`. */
	province: string
	address: string | null
	/** Degrees × 1,000,000, exact (no floating point). */
	latitude_e6: number | null
	longitude_e6: number | null
	status: string
	commissioned_at: string | null
	note: string | null
	created_by: number | null
	created_at: number
	updated_by: number | null
	updated_at: number
	/** Optimistic concurrency: every write adds one; a save naming an older version is refused. */
	version: number
}

/** A tool or piece of equipment ("Công cụ"), optionally assigned to a station. */
export interface ToolsTable {
	id: Generated<number>
	code: string
	name: string
	name_key: string
	/** Accent- and case-free code, name and serial number. */
	search_text: string
	category: string
	serial_number: string | null
	station_id: number | null
	status: string
	quantity: number
	unit: string
	purchase_date: string | null
	/** Money in minor units (1/100 đồng), exact: never a float. */
	value_minor: number | null
	note: string | null
	created_by: number | null
	created_at: number
	updated_by: number | null
	updated_at: number
	version: number
}

/** An item of an editable reference list (station types, tool categories): see reference-lists/definitions. */
export interface ReferenceItemsTable {
	id: Generated<number>
	list_key: string
	/** What records store (e.g. `stations.type`); never changes once created. */
	code: string
	/** Required; the other languages fall back to it when empty (null). */
	label_vn: string
	label_en: string | null
	label_es: string | null
	label_de: string | null
	label_it: string | null
	label_ru: string | null
	sort_order: number
	created_by: number | null
	created_at: number
	updated_by: number | null
	updated_at: number
	version: number
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

/** A single row (id 1) whose version the database moves on every write to functions, roles or grants. */
export interface AccessVersionTable {
	id: number
	version: number
}

/** A single row (id 1) whose version the database moves on every catalog write and catalog audit entry (migration 0008). */
export interface CatalogVersionTable {
	id: number
	version: number
}

/** Rows of a catalog by status, kept by the database on every write (migration 0007). */
export interface CatalogStatusCountsTable {
	catalog: 'stations' | 'tools'
	status: string
	total: number
}

/** Tools per station, with the station's code for the order, kept by the database on every write. */
export interface StationToolCountsTable {
	station_id: number
	code: string
	tool_count: number
}

export interface Database {
	access_version: AccessVersionTable
	catalog_version: CatalogVersionTable
	catalog_status_counts: CatalogStatusCountsTable
	station_tool_counts: StationToolCountsTable
	password_resets: PasswordResetsTable
	password_reset_requests: PasswordResetRequestsTable
	notifications: NotificationsTable
	users: UsersTable
	sessions: SessionsTable
	user_identities: UserIdentitiesTable
	user_devices: UserDevicesTable
	list_columns: ListColumnsTable
	list_views: ListViewsTable
	audit_log: AuditLogTable
	functions: FunctionsTable
	roles: RolesTable
	role_grants: RoleGrantsTable
	user_roles: UserRolesTable
	user_role_scopes: UserRoleScopesTable
	announcements: AnnouncementsTable
	announcement_batches: AnnouncementBatchesTable
	kept_forms: KeptFormsTable
	user_mfa: UserMfaTable
	mfa_recovery_codes: MfaRecoveryCodesTable
	mfa_pending_sign_ins: MfaPendingSignInsTable
	api_tokens: ApiTokensTable
	stations: StationsTable
	tools: ToolsTable
	reference_items: ReferenceItemsTable
}

export type FunctionRow = Selectable<FunctionsTable>
export type Role = Selectable<RolesTable>

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type Session = Selectable<SessionsTable>
export type Station = Selectable<StationsTable>
export type Tool = Selectable<ToolsTable>
export type ReferenceItem = Selectable<ReferenceItemsTable>
