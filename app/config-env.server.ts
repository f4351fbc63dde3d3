import { isIP } from 'node:net'
import os from 'node:os'
import { z } from 'zod'
import { parseRoleMap } from '~/auth/oidc/role-map'
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '~/i18n/format'
import { canonicalEmail, toEmail } from '~/users/email.server'

/** The environment variables the portal reads, each checked with what it allows (see `parseEnv`). */

const booleanFlag = z
	.enum(['true', 'false', '1', '0', 'yes', 'no'], {
		error: 'must be one of true, false, 1, 0, yes, no',
	})
	.transform((value) => ['true', '1', 'yes'].includes(value))

const positiveInteger = (fallback: number) =>
	z.coerce
		.number({ error: 'must be a whole number' })
		.int({ error: 'must be a whole number' })
		.positive({ error: 'must be greater than 0' })
		.default(fallback)

const nonNegativeInteger = (fallback: number) =>
	z.coerce
		.number({ error: 'must be a whole number' })
		.int({ error: 'must be a whole number' })
		.min(0, { error: 'must be 0 or more' })
		.default(fallback)

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** What Express's `trust proxy` accepts without throwing: a flag, a hop count, or addresses and ranges. */
function isTrustProxySetting(value: string): boolean {
	if (/^(true|false|\d{1,3})$/.test(value)) return true
	return value.split(',').every((entry) => {
		const item = entry.trim()
		if (PROXY_NAMES.has(item)) return true
		const [address, prefix, ...rest] = item.split('/')
		const family = isIP(address ?? '')
		if (family === 0 || rest.length > 0) return false
		if (prefix === undefined) return true
		if (!/^\d{1,3}$/.test(prefix)) return false
		return Number(prefix) <= (family === 4 ? 32 : 128)
	})
}

const launcherSchema = z
	.array(
		z.object({
			name: z.string().min(1).max(60),
			icon: z.string().regex(/^bx[sl]?-[a-z0-9-]+$/),
			url: z.url({ protocol: /^https?$/ }),
		}),
	)
	.max(24)

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An issuer the portal may talk to: https, or plain http on this machine only (a test provider). */
function isAllowedIssuer(value: string): boolean {
	try {
		const url = new URL(value)
		if (url.search || url.hash || url.username || url.password) return false
		return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
	} catch {
		return false
	}
}

/** More HTTP workers than this is a typing error, not a machine. */
const MAX_WORKERS = 64

/** The account made administrator when none is left, unless ADMIN_EMAIL names another. */
export const DEFAULT_ADMIN_EMAIL = toEmail('admin@example.com')

export const envSchema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		PORT: z.coerce
			.number({ error: 'must be a port number' })
			.int({ error: 'must be a port number' })
			.min(0, { error: 'must be between 0 and 65535' })
			.max(65535, { error: 'must be between 0 and 65535' })
			.default(3000),
		HOST: z.string().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
		DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
		DATABASE_URL: z
			.string()
			.regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, {
				error: 'must be file:<path> (SQLite) or postgres://user:pass@host:port/db (PostgreSQL)',
			})
			.optional(),
		SESSION_SECRET: z.string().optional(),
		ADMIN_EMAIL: z
			.string()
			.transform((value, ctx) => canonicalEmail(value) ?? (ctx.addIssue({ code: 'custom', message: 'must be an email address' }), z.NEVER))
			.default(DEFAULT_ADMIN_EMAIL),
		ADMIN_PASSWORD: z.string().optional(),
		AUTH_PROVIDER: z.enum(['local', 'firebase'], { error: 'must be local or firebase' }).default('local'),
		FIREBASE_PROJECT_ID: z.string().optional(),
		FIREBASE_API_KEY: z.string().optional(),
		FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
		FIREBASE_AUTH_DOMAIN: z
			.string()
			.regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/i, {
				error: 'must be a host name such as portal.firebaseapp.com',
			})
			.optional(),
		REQUIRE_MFA_FOR: z.enum(['none', 'admin', 'all'], { error: 'must be none, admin or all' }).default('none'),
		SESSION_IDLE_MINUTES: positiveInteger(30),
		SESSION_MAX_HOURS: positiveInteger(12),
		TOKEN_IDLE_MINUTES: positiveInteger(30),
		TOKEN_MAX_HOURS: positiveInteger(12),
		COOKIE_SECURE: booleanFlag.default(false),
		TRUST_PROXY: z
			.string()
			.refine(isTrustProxySetting, {
				error: 'must be true, false, a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
			})
			.default('false'),
		PUBLIC_URL: z
			.url({ protocol: /^https?$/, error: 'must be the absolute http(s) URL users reach the portal at' })
			.transform((value) => value.replace(/\/+$/, ''))
			.optional(),
		// No default: an unset help link or launcher is not shown (a placeholder address would lead nowhere).
		HELP_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
		MAX_UPLOAD_MB: positiveInteger(20).pipe(z.number().max(1024, { error: 'must be at most 1024' })),
		MAX_EVENT_LOOP_DELAY_MS: nonNegativeInteger(200),
		SMTP_URL: z
			.string()
			.regex(/^smtps?:\/\/.+/, { error: 'must be smtp://[user:password@]host[:port] or smtps://…' })
			.optional(),
		MAIL_FROM: z.string().min(3, { error: 'must be an address such as Staff Portal <portal@example.com>' }).optional(),
		MAIL_RETRY_SECONDS: positiveInteger(30),
		NOTIFICATION_BATCH_SIZE: positiveInteger(1000).pipe(z.number().max(2000, { error: 'must be at most 2000' })),
		AUDIT_RETENTION_DAYS: nonNegativeInteger(365),
		INACTIVE_LOCK_DAYS: nonNegativeInteger(0),
		METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
		BACKUP_DIR: z.string().min(1, { error: 'must not be empty' }).optional(),
		BACKUP_INTERVAL_HOURS: z.coerce
			.number({ error: 'must be a number of hours' })
			.positive({ error: 'must be greater than 0' })
			.default(24),
		BACKUP_KEEP: positiveInteger(7),
		PG_CONNECT_TIMEOUT_MS: positiveInteger(5_000),
		PG_STATEMENT_TIMEOUT_MS: positiveInteger(30_000),
		PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInteger(60_000),
		WEB_CONCURRENCY: positiveInteger(os.availableParallelism()).pipe(
			z.number().max(MAX_WORKERS, { error: `must be at most ${MAX_WORKERS}` }),
		),
		SHUTDOWN_DRAIN_SECONDS: nonNegativeInteger(2).pipe(z.number().max(300, { error: 'must be at most 300' })),
		SHUTDOWN_TIMEOUT_SECONDS: positiveInteger(25).pipe(z.number().max(3600, { error: 'must be at most 3600' })),
		APP_LAUNCHER: z
			.string()
			.optional()
			.transform((value, ctx) => {
				if (value === undefined || value.trim() === '') return undefined
				try {
					return launcherSchema.parse(JSON.parse(value))
				} catch {
					ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"name","icon","url"} with https URLs' })
					return z.NEVER
				}
			}),
		APP_TIME_ZONE: z
			.string()
			.refine(isKnownTimeZone, { error: 'must be an IANA time zone name such as Asia/Ho_Chi_Minh or Europe/Berlin' })
			.default(DEFAULT_TIME_ZONE),
		OIDC_ISSUER: z
			.string()
			// Kept as written: the provider's `iss` must equal it exactly (Auth0's ends with a slash, most do not).
			.refine(isAllowedIssuer, { error: "must be the provider's https URL (plain http only on localhost), without query or fragment" })
			.optional(),
		OIDC_CLIENT_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
		OIDC_CLIENT_SECRET: z.string().min(1, { error: 'must not be empty' }).optional(),
		OIDC_LABEL: z.string().trim().min(1, { error: 'must not be empty' }).max(80, { error: 'must be at most 80 characters' }).optional(),
		OIDC_SCOPES: z
			.string()
			.regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, {
				error: 'must be scopes separated by single spaces, such as openid email profile',
			})
			.refine((value) => value.split(' ').includes('openid'), { error: 'must include openid' })
			.default('openid email profile'),
		OIDC_GROUPS_CLAIM: z
			.string()
			.regex(/^[\w:./-]{1,100}$/, { error: 'must be a claim name such as groups' })
			.default('groups'),
		OIDC_ROLE_MAP: z
			.string()
			.optional()
			.transform((value, ctx) => {
				const parsed = parseRoleMap(value?.trim() || '{}')
				if (parsed.ok) return parsed.map
				ctx.addIssue({ code: 'custom', message: parsed.message })
				return z.NEVER
			}),
		OIDC_CREATE_ACCOUNTS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
		OIDC_PASSWORDS: z.enum(['on', 'admins', 'off'], { error: 'must be on, admins or off' }).default('on'),
		OIDC_TRUST_AMR: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
		LOG_LEVEL: z
			.enum(['debug', 'info', 'warn', 'error', 'silent'], {
				error: 'must be one of debug, info, warn, error, silent',
			})
			.default('info'),
	})
	.superRefine((env, ctx) => {
		if (env.AUTH_PROVIDER === 'firebase') {
			for (const key of ['FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY'] as const) {
				if (!env[key]) {
					ctx.addIssue({ code: 'custom', path: [key], message: 'is required when AUTH_PROVIDER=firebase' })
				}
			}
		}
		if (env.OIDC_ISSUER) {
			for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'] as const) {
				if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when OIDC_ISSUER is set' })
			}
		} else if (env.OIDC_PASSWORDS !== 'on') {
			ctx.addIssue({ code: 'custom', path: ['OIDC_PASSWORDS'], message: 'can limit password sign-in only when OIDC_ISSUER is set' })
		}
		if (env.SESSION_SECRET !== undefined) {
			const secrets = env.SESSION_SECRET.split(',').map((s) => s.trim())
			if (secrets.some((s) => s.length < 32)) {
				ctx.addIssue({
					code: 'custom',
					path: ['SESSION_SECRET'],
					message: 'each comma-separated secret must be at least 32 characters',
				})
			}
		}
	})
