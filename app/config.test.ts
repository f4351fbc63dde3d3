import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { buildConfig, ConfigError, parseEnv } from './config.server'

function problemsOf(env: Record<string, string | undefined>): string[] {
	try {
		parseEnv(env)
		return []
	} catch (error) {
		if (error instanceof ConfigError) return error.problems
		throw error
	}
}

describe('configuration from the environment', () => {
	test('has working defaults', () => {
		const env = parseEnv({})
		expect(env.PORT).toBe(3000)
		expect(env.DATA_DIR).toBe('./data')
		expect(env.AUTH_PROVIDER).toBe('local')
		expect(env.SESSION_IDLE_MINUTES).toBe(30)
		expect(env.SESSION_MAX_HOURS).toBe(12)
		expect(env.TOKEN_IDLE_MINUTES).toBe(30)
		expect(env.TOKEN_MAX_HOURS).toBe(12)
		expect(env.COOKIE_SECURE).toBe(false)
	})

	test('has no help link and no launcher until they are set: no placeholder addresses', () => {
		const secret = 'a'.repeat(32)
		expect(buildConfig({ SESSION_SECRET: secret })).toMatchObject({ helpUrl: null, launcher: [] })
		const launcher = [{ name: 'ERP', icon: 'bx-buildings', url: 'https://erp.example.org/' }]
		expect(
			buildConfig({ SESSION_SECRET: secret, HELP_URL: 'https://wiki.example.org/', APP_LAUNCHER: JSON.stringify(launcher) }),
		).toMatchObject({ helpUrl: 'https://wiki.example.org/', launcher })
	})

	test.each([
		[{ PORT: 'eighty' }, 'PORT'],
		[{ PORT: '70000' }, 'PORT'],
		[{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
		[{ AUTH_PROVIDER: 'ldap' }, 'AUTH_PROVIDER'],
		[{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
		[{ SESSION_MAX_HOURS: 'ten' }, 'SESSION_MAX_HOURS'],
		[{ TOKEN_IDLE_MINUTES: '0' }, 'TOKEN_IDLE_MINUTES'],
		[{ TOKEN_IDLE_MINUTES: '2.5' }, 'TOKEN_IDLE_MINUTES'],
		[{ TOKEN_MAX_HOURS: 'half a day' }, 'TOKEN_MAX_HOURS'],
		[{ TOKEN_MAX_HOURS: '-1' }, 'TOKEN_MAX_HOURS'],
		[{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
		[{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
		[{ HELP_URL: 'not a url' }, 'HELP_URL'],
		[{ HELP_URL: 'javascript:alert(1)' }, 'HELP_URL'],
		[{ HELP_URL: 'ftp://help.example.com/' }, 'HELP_URL'],
		[{ FIREBASE_AUTH_DOMAIN: 'https://login.example.org/' }, 'FIREBASE_AUTH_DOMAIN'],
		[{ FIREBASE_AUTH_DOMAIN: 'login example' }, 'FIREBASE_AUTH_DOMAIN'],
		[{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
		[{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
		[{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY'],
		[{ TRUST_PROXY: '300.1.1.1' }, 'TRUST_PROXY'],
		[{ MAX_UPLOAD_MB: '0' }, 'MAX_UPLOAD_MB'],
		[{ MAX_UPLOAD_MB: 'lots' }, 'MAX_UPLOAD_MB'],
		[{ MAX_EVENT_LOOP_DELAY_MS: '-1' }, 'MAX_EVENT_LOOP_DELAY_MS'],
		[{ MAX_EVENT_LOOP_DELAY_MS: 'fast' }, 'MAX_EVENT_LOOP_DELAY_MS'],
		[{ SHUTDOWN_DRAIN_SECONDS: '2.5' }, 'SHUTDOWN_DRAIN_SECONDS'],
		[{ SHUTDOWN_DRAIN_SECONDS: '301' }, 'SHUTDOWN_DRAIN_SECONDS'],
		[{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
		[{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
		[{ WEB_CONCURRENCY: '-2' }, 'WEB_CONCURRENCY'],
		[{ WEB_CONCURRENCY: '1.5' }, 'WEB_CONCURRENCY'],
		[{ WEB_CONCURRENCY: 'auto' }, 'WEB_CONCURRENCY'],
		[{ WEB_CONCURRENCY: '100000' }, 'WEB_CONCURRENCY'],
		[{ BACKUP_INTERVAL_HOURS: '0' }, 'BACKUP_INTERVAL_HOURS'],
		[{ BACKUP_INTERVAL_HOURS: 'daily' }, 'BACKUP_INTERVAL_HOURS'],
		[{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
		[{ BACKUP_DIR: '' }, 'BACKUP_DIR'],
		[{ PG_STATEMENT_TIMEOUT_MS: '0' }, 'PG_STATEMENT_TIMEOUT_MS'],
		[{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL'],
		[{ ADMIN_EMAIL: 'chief of staff@example.com' }, 'ADMIN_EMAIL'],
		[{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
		[{ AUTH_PROVIDER: 'firebase' }, 'FIREBASE_PROJECT_ID'],
		[{ APP_TIME_ZONE: 'Mars/Olympus_Mons' }, 'APP_TIME_ZONE'],
		[{ APP_TIME_ZONE: '+07:00' }, 'APP_TIME_ZONE'],
		[{ APP_TIME_ZONE: '' }, 'APP_TIME_ZONE'],
		[{ REQUIRE_MFA_FOR: 'admins' }, 'REQUIRE_MFA_FOR'],
		[{ REQUIRE_MFA_FOR: '' }, 'REQUIRE_MFA_FOR'],
	])('a bad value (%o) stops start-up naming %s', (env, variable) => {
		const problems = problemsOf(env)
		expect(problems.some((p) => p.startsWith(variable))).toBe(true)
	})

	test('ADMIN_EMAIL is read in its canonical form, as every address is', () => {
		expect(parseEnv({ ADMIN_EMAIL: ' Chief\uff20Example.com ' }).ADMIN_EMAIL).toBe('chief@example.com')
	})

	test.each(['true', 'false', '1', 'loopback', '127.0.0.1', '10.0.0.0/8, 192.168.1.1', 'loopback, uniquelocal', '::1', 'fd00::/8'])(
		'accepts TRUST_PROXY=%s, as Express does',
		(value) => {
			expect(problemsOf({ TRUST_PROXY: value })).toEqual([])
		},
	)

	test('ADMIN_PASSWORD alone applies to the default ADMIN_EMAIL, as the README says', () => {
		expect(problemsOf({ ADMIN_PASSWORD: 'A long passphrase 2026' })).toEqual([])
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'A long passphrase 2026' }).admin).toEqual({
			email: 'admin@example.com',
			password: 'A long passphrase 2026',
		})
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), ADMIN_EMAIL: 'chief@example.com' }).admin).toEqual({
			email: 'chief@example.com',
			password: undefined,
		})
	})

	test('APP_TIME_ZONE defaults to Vietnam’s zone and takes any IANA zone, daylight saving or not', () => {
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32) }).timeZone).toBe('Asia/Ho_Chi_Minh')
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), APP_TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin')
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), APP_TIME_ZONE: 'UTC' }).timeZone).toBe('UTC')
	})

	test('an unknown APP_TIME_ZONE stops start-up with a message that says what it must be', () => {
		expect(() => buildConfig({ SESSION_SECRET: 'x'.repeat(32), APP_TIME_ZONE: 'Asia/Atlantis' })).toThrow(
			/APP_TIME_ZONE must be an IANA time zone name/,
		)
	})

	test('API tokens have their own idle timeout and lifetime, apart from the session’s', () => {
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32) }).apiToken).toEqual({ idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 })
		const config = buildConfig({
			SESSION_SECRET: 'x'.repeat(32),
			TOKEN_IDLE_MINUTES: '5',
			TOKEN_MAX_HOURS: '1',
			SESSION_IDLE_MINUTES: '60',
		})
		expect(config.apiToken).toEqual({ idleMs: 5 * 60_000, maxMs: 3_600_000 })
		expect(config.session.idleMs).toBe(60 * 60_000)
	})

	test('REQUIRE_MFA_FOR defaults to none and takes admin or all', () => {
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32) }).requireMfaFor).toBe('none')
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), REQUIRE_MFA_FOR: 'admin' }).requireMfaFor).toBe('admin')
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), REQUIRE_MFA_FOR: 'all' }).requireMfaFor).toBe('all')
		expect(() => buildConfig({ SESSION_SECRET: 'x'.repeat(32), REQUIRE_MFA_FOR: 'everyone' })).toThrow(
			/REQUIRE_MFA_FOR must be none, admin or all/,
		)
	})

	test('WEB_CONCURRENCY defaults to the available parallelism; 1 and 2 are taken as given', () => {
		expect(parseEnv({}).WEB_CONCURRENCY).toBe(os.availableParallelism())
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1)
		expect(buildConfig({ SESSION_SECRET: 'x'.repeat(32), WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2)
	})

	test('without SESSION_SECRET one secret is generated into the data folder, whole, and then reused', () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secret-'))
		try {
			const [secret] = buildConfig({ DATA_DIR: dataDir }).sessionSecrets
			expect(secret).toMatch(/^[0-9a-f]{64}$/)
			expect(buildConfig({ DATA_DIR: dataDir }).sessionSecrets).toEqual([secret])
			expect(fs.readdirSync(dataDir)).toEqual(['session-secret'])
			expect(fs.statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600)
		} finally {
			fs.rmSync(dataDir, { recursive: true, force: true })
		}
	})

	test('a secret another process wrote between the check and the write is the one used, not overwritten', () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secret-'))
		const theirs = 'a'.repeat(64)
		fs.writeFileSync(path.join(dataDir, 'session-secret'), theirs)
		// The file is not there yet when this process looks: another one writes it right after.
		const exists = vi.spyOn(fs, 'existsSync').mockReturnValueOnce(false)
		try {
			expect(buildConfig({ DATA_DIR: dataDir }).sessionSecrets).toEqual([theirs])
			expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(theirs)
			expect(fs.readdirSync(dataDir)).toEqual(['session-secret'])
		} finally {
			exists.mockRestore()
			fs.rmSync(dataDir, { recursive: true, force: true })
		}
	})

	test('MAX_UPLOAD_MB defaults to 20', () => {
		expect(parseEnv({}).MAX_UPLOAD_MB).toBe(20)
	})

	test('load shedding and shutdown timing default to 200 ms, 2 s and 25 s; 0 turns shedding and the drain off', () => {
		const config = buildConfig({ SESSION_SECRET: 'x'.repeat(32) })
		expect(config.maxEventLoopDelayMs).toBe(200)
		expect(config.shutdown).toEqual({ drainMs: 2000, timeoutMs: 25_000 })
		const off = buildConfig({ SESSION_SECRET: 'x'.repeat(32), MAX_EVENT_LOOP_DELAY_MS: '0', SHUTDOWN_DRAIN_SECONDS: '0' })
		expect(off.maxEventLoopDelayMs).toBe(0)
		expect(off.shutdown.drainMs).toBe(0)
	})

	test('accepts both database kinds', () => {
		expect(problemsOf({ DATABASE_URL: 'file:./data/x.db' })).toEqual([])
		expect(problemsOf({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' })).toEqual([])
	})
})

const SSO = {
	OIDC_ISSUER: 'https://login.example.com/realms/staff',
	OIDC_CLIENT_ID: 'portal',
	OIDC_CLIENT_SECRET: 's3cret',
	PUBLIC_URL: 'https://portal.example.com',
}

describe('single sign-on settings', () => {
	test('an OIDC_ROLE_MAP that does not parse stops start-up naming the variable and the value', () => {
		expect(problemsOf({ ...SSO, OIDC_ROLE_MAP: '{"field":"operator@atlantis"}' })).toEqual([
			'OIDC_ROLE_MAP gives group "field" the unknown province "atlantis" (province codes such as an-giang, ha-noi)',
		])
	})

	test('need the client and PUBLIC_URL, and an https issuer (plain http on this machine only)', () => {
		expect(problemsOf({ OIDC_ISSUER: SSO.OIDC_ISSUER })).toEqual([
			'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
			'OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set',
			'PUBLIC_URL is required when OIDC_ISSUER is set',
		])
		expect(problemsOf({ ...SSO, OIDC_ISSUER: 'http://login.example.com' })[0]).toMatch(/^OIDC_ISSUER must be the provider's https URL/)
		expect(problemsOf({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toEqual([])
		expect(problemsOf({ ...SSO, OIDC_SCOPES: 'email profile' })).toEqual(['OIDC_SCOPES must include openid'])
		expect(problemsOf({ ...SSO, OIDC_PASSWORDS: 'some' })).toEqual(['OIDC_PASSWORDS must be on, admins or off'])
		expect(problemsOf({ OIDC_PASSWORDS: 'off' })).toEqual(['OIDC_PASSWORDS can limit password sign-in only when OIDC_ISSUER is set'])
		expect(problemsOf({ ...SSO, OIDC_CREATE_ACCOUNTS: 'yes' })).toEqual(['OIDC_CREATE_ACCOUNTS must be true or false'])
	})

	test('have their defaults', () => {
		const env = parseEnv(SSO)
		expect(env).toMatchObject({
			OIDC_SCOPES: 'openid email profile',
			OIDC_GROUPS_CLAIM: 'groups',
			OIDC_CREATE_ACCOUNTS: 'false',
			OIDC_PASSWORDS: 'on',
			OIDC_TRUST_AMR: 'false',
		})
	})
})
