import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { logger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'
import { DEFAULT_ADMIN_EMAIL, envSchema } from './config-env.server'

export { DEFAULT_ADMIN_EMAIL }

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
