import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { parseRoleMap } from '~/auth/oidc/role-map'
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '~/i18n/format'
import { canonicalEmail, toEmail } from '~/users/email.server'
import { logger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

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

const envSchema = z
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

export type Config = ReturnType<typeof buildConfig>

export class ConfigError extends Error {
	constructor(readonly problems: string[]) {
		super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
		this.name = 'ConfigError'
	}
}

/** Parses the environment; throws ConfigError naming each bad variable and what it allows. */
export function parseEnv(env: Record<string, string | undefined>) {
	const result = envSchema.safeParse(env)
	if (!result.success) {
		throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`))
	}
	return result.data
}

/**
 * The secret kept in the data folder, created whole and once: written to a file of its own, then linked
 * into place, which fails when another process (a worker, an instance) got there first; its secret wins.
 */
function loadOrCreateSessionSecret(dataDir: string): string {
	const file = path.join(dataDir, 'session-secret')
	if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
	fs.mkdirSync(dataDir, { recursive: true })
	const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
	fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 })
	try {
		fs.linkSync(draft, file)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
	} finally {
		fs.rmSync(draft, { force: true })
	}
	return fs.readFileSync(file, 'utf8').trim()
}

export function buildConfig(env: Record<string, string | undefined> = process.env) {
	const parsed = parseEnv(env)
	const dataDir = path.resolve(parsed.DATA_DIR)
	const databaseUrl = parsed.DATABASE_URL ?? `file:${path.join(dataDir, 'portal.db')}`
	let sessionSecrets: string[]
	if (parsed.SESSION_SECRET) {
		sessionSecrets = parsed.SESSION_SECRET.split(',').map((s) => s.trim())
	} else {
		sessionSecrets = [loadOrCreateSessionSecret(dataDir)]
		logger.warn('config.session_secret_generated', {
			message: `SESSION_SECRET is not set; using a generated secret kept in ${path.join(dataDir, 'session-secret')}. Set SESSION_SECRET in production.`,
		})
	}
	const trustProxy = parsed.TRUST_PROXY
	return {
		env: parsed.NODE_ENV,
		port: parsed.PORT,
		host: parsed.HOST,
		dataDir,
		database: databaseUrl.startsWith('file:')
			? ({ dialect: 'sqlite', file: path.resolve(databaseUrl.slice('file:'.length)) } as const)
			: ({
					dialect: 'postgres',
					url: databaseUrl,
					timeouts: {
						connectMs: parsed.PG_CONNECT_TIMEOUT_MS,
						statementMs: parsed.PG_STATEMENT_TIMEOUT_MS,
						idleInTransactionMs: parsed.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
					},
				} as const),
		sessionSecrets,
		admin: { email: parsed.ADMIN_EMAIL, password: parsed.ADMIN_PASSWORD },
		auth: {
			provider: parsed.AUTH_PROVIDER,
			firebase: {
				projectId: parsed.FIREBASE_PROJECT_ID,
				apiKey: parsed.FIREBASE_API_KEY,
				emulatorHost: parsed.FIREBASE_AUTH_EMULATOR_HOST,
				authDomain:
					parsed.FIREBASE_AUTH_DOMAIN ?? (parsed.FIREBASE_PROJECT_ID ? `${parsed.FIREBASE_PROJECT_ID}.firebaseapp.com` : undefined),
			},
		},
		/** Single sign-on through an OpenID provider, when OIDC_ISSUER is set (docs/decisions/0055-single-sign-on.md). */
		oidc:
			parsed.OIDC_ISSUER && parsed.OIDC_CLIENT_ID && parsed.OIDC_CLIENT_SECRET && parsed.PUBLIC_URL
				? {
						issuer: parsed.OIDC_ISSUER,
						clientId: parsed.OIDC_CLIENT_ID,
						clientSecret: parsed.OIDC_CLIENT_SECRET,
						/** The button's text; null shows the translated default. */
						label: parsed.OIDC_LABEL ?? null,
						scopes: parsed.OIDC_SCOPES,
						groupsClaim: parsed.OIDC_GROUPS_CLAIM,
						roleMap: parsed.OIDC_ROLE_MAP,
						createAccounts: parsed.OIDC_CREATE_ACCOUNTS === 'true',
						/** Who may still sign in with a password: everyone, holders of all access, nobody. */
						passwords: parsed.OIDC_PASSWORDS,
						trustAmr: parsed.OIDC_TRUST_AMR === 'true',
						redirectUri: `${parsed.PUBLIC_URL}/account/oidc/callback`,
						postLogoutRedirectUri: `${parsed.PUBLIC_URL}/account/login`,
					}
				: null,
		/** Who must have a second factor: nobody, holders of a grant on a QUANTRI function, or everyone. */
		requireMfaFor: parsed.REQUIRE_MFA_FOR,
		session: {
			idleMs: parsed.SESSION_IDLE_MINUTES * 60_000,
			maxMs: parsed.SESSION_MAX_HOURS * 3_600_000,
		},
		apiToken: {
			idleMs: parsed.TOKEN_IDLE_MINUTES * 60_000,
			maxMs: parsed.TOKEN_MAX_HOURS * 3_600_000,
		},
		cookieSecure: parsed.COOKIE_SECURE,
		trustProxy: trustProxy === 'true' ? true : trustProxy === 'false' ? false : /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy,
		helpUrl: parsed.HELP_URL ?? null,
		/** Dates and times are shown in this zone to anonymous readers and to users who chose none. */
		timeZone: parsed.APP_TIME_ZONE,
		publicUrl: parsed.PUBLIC_URL,
		launcher: parsed.APP_LAUNCHER ?? [],
		logLevel: parsed.LOG_LEVEL,
		maxUploadBytes: parsed.MAX_UPLOAD_MB * 1024 * 1024,
		mail: (() => {
			const host = parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL).hostname : 'localhost'
			return {
				from: parsed.MAIL_FROM ?? `Staff Portal <no-reply@${host}>`,
				messageDomain: host,
				/** Sent by the portal over SMTP; without it, messages wait in the outbox for the site's relay. */
				smtpUrl: parsed.SMTP_URL,
				retryBaseMs: parsed.MAIL_RETRY_SECONDS * 1000,
			}
		})(),
		/** Recipients of an administrator's notification written (and mailed) per transaction (decision 0065). */
		notificationBatchSize: parsed.NOTIFICATION_BATCH_SIZE,
		/** `/metrics` answers only with this bearer token; without it there is no `/metrics`. */
		metricsToken: parsed.METRICS_TOKEN,
		/** Audit entries older than this many days are purged daily; 0 keeps them forever. */
		auditRetentionDays: parsed.AUDIT_RETENTION_DAYS,
		/** Accounts unused this many days are locked daily; 0 (the default) never. */
		inactiveLockDays: parsed.INACTIVE_LOCK_DAYS,
		/** Scheduled backups, when BACKUP_DIR is set. */
		backups: parsed.BACKUP_DIR
			? { dir: path.resolve(parsed.BACKUP_DIR), intervalMs: parsed.BACKUP_INTERVAL_HOURS * 3_600_000, keep: parsed.BACKUP_KEEP }
			: null,
		/** Above this event-loop delay new page and API requests get 503 (0: never). */
		maxEventLoopDelayMs: parsed.MAX_EVENT_LOOP_DELAY_MS,
		/** HTTP worker processes under node:cluster; 1 is a single process serving and running the jobs. */
		webConcurrency: parsed.WEB_CONCURRENCY,
		shutdown: { drainMs: parsed.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: parsed.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
	}
}

/** The process-wide configuration, parsed once on first use. */
export function getConfig(): Config {
	return singleton('config', () => buildConfig())
}
