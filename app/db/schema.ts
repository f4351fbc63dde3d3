import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { Email } from '~/users/email.server'
import type {
	SessionsTable,
	UserIdentitiesTable,
	UserDevicesTable,
	ApiTokensTable,
	KeptFormsTable,
	UserMfaTable,
	MfaRecoveryCodesTable,
	PasswordResetRequestsTable,
	MfaPendingSignInsTable,
	PasswordResetsTable,
} from './auth-tables'
import type {
	StationsTable,
	ToolsTable,
	ReferenceItemsTable,
	CatalogVersionTable,
	CatalogStatusCountsTable,
	StationToolCountsTable,
} from './catalog-tables'

export type * from './auth-tables'
export type * from './catalog-tables'

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

/** A single row (id 1) whose version the database moves on every write to functions, roles or grants. */
export interface AccessVersionTable {
	id: number
	version: number
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
