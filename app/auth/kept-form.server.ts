import { appCookie } from '~/security/app-cookie.server'
import { getDb, type DB } from '~/db/db.server'
import { CSRF_FIELD, csrfTokenFromRequest, tokensMatch } from '~/security/csrf.server'
import { insertUnderNewKey } from './keyed-rows.server'
import { hashSecretToken } from './secret-token.server'

/** How long a form posted after the session ended is kept for its author. */
export const KEPT_FORM_TTL_MS = 15 * 60_000
/** Larger posts (uploads, mostly) are not kept. */
const MAX_KEPT_BYTES = 64 * 1024
const NEVER_KEPT = /password|token|csrf/i

export const KEPT_FORM_PATH = '/account/kept-form'

function keptFormCookie() {
	return appCookie('sp_kept', { maxAgeSeconds: KEPT_FORM_TTL_MS / 1000 })
}

/**
 * Keeps the form of a POST that arrived after its session had ended, for its user and this browser only:
 * the text fields (never passwords, tokens or files) of a form of at most 64 KB that carries a valid CSRF
 * token. Returns the cookie that names it, or null when nothing was kept.
 */
export async function keepPostedForm(
	request: Request,
	userId: number,
	{ now = Date.now() }: { now?: number } = {},
	db: DB = getDb(),
): Promise<string | null> {
	if (request.method !== 'POST') return null
	if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(request.headers.get('Content-Type') ?? '')) return null
	const length = Number(request.headers.get('Content-Length') ?? NaN)
	if (!(length <= MAX_KEPT_BYTES)) return null
	let form: FormData
	try {
		form = await request.clone().formData()
	} catch {
		return null
	}
	if (!tokensMatch(csrfTokenFromRequest(request), form.get(CSRF_FIELD))) return null
	const fields: [string, string][] = []
	for (const [name, value] of form) if (typeof value === 'string' && !NEVER_KEPT.test(name)) fields.push([name, value])
	if (fields.length === 0) return null
	const url = new URL(request.url)
	const key = await insertUnderNewKey(
		db,
		'kept_forms',
		{
			user_id: userId,
			path: `${url.pathname}${url.search}`,
			fields: JSON.stringify(fields),
			created_at: now,
			expires_at: now + KEPT_FORM_TTL_MS,
		},
		now,
	)
	return keptFormCookie().serialize(key)
}

export interface KeptForm {
	path: string
	fields: [string, string][]
	createdAt: number
}

/**
 * The form this browser kept for `userId`, taken (it is offered once). `form` is null when there is none,
 * it expired, or it is another user's: that one stays for its owner (`keepCookie`).
 */
export async function takeKeptForm(
	request: Request,
	userId: number,
	{ now = Date.now() }: { now?: number } = {},
	db: DB = getDb(),
): Promise<{ form: KeptForm | null; keepCookie: boolean }> {
	const key: unknown = await keptFormCookie().parse(request.headers.get('Cookie'))
	if (typeof key !== 'string' || key.length > 100) return { form: null, keepCookie: false }
	const row = await db.selectFrom('kept_forms').selectAll().where('id_hash', '=', hashSecretToken(key)).executeTakeFirst()
	if (!row) return { form: null, keepCookie: false }
	if (Number(row.user_id) !== userId) return { form: null, keepCookie: true }
	await db.deleteFrom('kept_forms').where('id_hash', '=', row.id_hash).execute()
	if (Number(row.expires_at) <= now) return { form: null, keepCookie: false }
	try {
		return {
			form: { path: row.path, fields: JSON.parse(row.fields) as [string, string][], createdAt: Number(row.created_at) },
			keepCookie: false,
		}
	} catch {
		return { form: null, keepCookie: false }
	}
}

/** Forgets the browser's key once its form has been offered. */
export function clearKeptFormCookie(): Promise<string> {
	return keptFormCookie().serialize('', { maxAge: 0 })
}
