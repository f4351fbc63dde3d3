import cluster from 'node:cluster'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import { startPasswordResetWorker, whenPasswordResetQueued } from '~/auth/password-reset-requests.server'
import { ensureAdministrator } from '~/bootstrap.server'
import { checkRoleMapRoles } from '~/auth/oidc/directory-roles.server'
import { ConfigError, getConfig, type Config } from '~/config.server'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { getDatabase, migrateToLatest, pingDatabase } from '~/db/db.server'
import { whenAnnouncementQueued } from '~/notifications/announcements.server'
import { securityHeaders } from '~/security/headers'
import { createCspNonce } from '~/security/nonce.server'
import { refuse, requestBodyGuard } from '~/security/request-body.server'
import { apiMethodsByPath } from '~/server/api-methods.server'
import { remixRequestHandler } from '~/server/remix-handler.server'
import { shedLoad, watchEventLoop } from '~/server/overload.server'
import { nodeVersionWarning } from '~/server/node-support.server'
import { offerMetricsToPrimary, registerStateMetrics, requestDuration } from '~/server/metrics.server'
import { runPrimary } from '~/server/cluster-primary.server'
import { machineJobsOfPrimary, startMachineJobs } from '~/server/machine-jobs.server'
import { mountProbes } from '~/server/probes.server'
import { requestContextMiddleware } from '~/server/request-context.server'
import { requestLogger } from '~/server/request-log.server'
import { requestOriginGuard } from '~/server/request-origin.server'
import { routeIdentifier } from '~/server/route-ids.server'
import { createShutdown } from '~/server/shutdown.server'
import { builtAssets } from '~/server/static-assets.server'
import { afterResponse } from '~/utils/after-response.server'
import { errorFields, logger } from '~/utils/logger.server'

/** A bad setting stops start-up with its message (naming the variable), not a stack. */
function exitOnConfigError(error: unknown): never {
	if (error instanceof ConfigError) {
		process.stderr.write(`${error.message}\n`)
		process.exit(1)
	}
	throw error
}

function loadConfig() {
	try {
		return getConfig()
	} catch (error) {
		exitOnConfigError(error)
	}
}

/** Before any request: migrations, the built-in roles, the first administrator, the directory's roles. */
async function prepareDatabase(config: Config) {
	const database = getDatabase()
	await migrateToLatest(database)
	await ensureBuiltins()
	await ensureAdministrator()
	if (config.oidc) await checkRoleMapRoles(config.oidc.roleMap).catch(exitOnConfigError)
	return database
}

/**
 * WEB_CONCURRENCY 1: one process prepares the database, serves and runs the jobs. Above 1, the primary
 * prepares the database, runs the jobs and supervises that many workers, which serve (decision 0069).
 */
async function main() {
	const startedAt = Date.now()
	const config = loadConfig()
	if (cluster.isPrimary) {
		const nodeWarning = nodeVersionWarning()
		if (nodeWarning) logger.warn('node.unsupported_version', { version: process.version, message: nodeWarning })
		if (config.webConcurrency > 1) return runPrimary(config, () => prepareDatabase(config))
	}
	const database = cluster.isWorker ? getDatabase() : await prepareDatabase(config)
	// Opens the readiness probe's own connection before the first request (a failure is /readyz's to report).
	await pingDatabase(database).catch(() => undefined)
	// The Remix app is loaded by the processes that serve it only.
	const build = await import('@remix-run/dev/server-build')

	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', config.trustProxy)
	const server = http.createServer(app)
	const shutdown = createShutdown(server)
	// The security headers of every answer, whatever answers it (a probe, a static file, a refusal, a page),
	// with this response's CSP nonce.
	const formOrigins = config.oidc ? [new URL(config.oidc.issuer).origin] : []
	app.use((_req, res, next) => {
		const cspNonce = createCspNonce()
		res.locals.cspNonce = cspNonce
		for (const [name, value] of Object.entries(securityHeaders({ nonce: cspNonce, secure: config.cookieSecure, formOrigins })))
			res.setHeader(name, value)
		next()
	})
	app.use(shutdown.connectionCloseWhileStopping)

	// Every answer is timed for /metrics, labelled by what served it: a probe, a static file, load
	// shedding, or the Remix route (set further down).
	registerStateMetrics(database, { dataDir: config.dataDir, sessionIdleMs: config.session.idleMs })
	if (cluster.isWorker) offerMetricsToPrimary()
	const routeId = routeIdentifier(build)
	app.use((req, res, next) => {
		const stopTimer = requestDuration.startTimer({ method: req.method })
		res.locals.route = 'static'
		res.on('finish', () => stopTimer({ route: String(res.locals.route), status: String(res.statusCode) }))
		next()
	})
	const httpLogger = requestLogger()

	app.use(compression())

	// Set on SIGTERM: load balancers take the instance out while it still answers (the drain).
	let stopping = false
	mountProbes(app, database, config.metricsToken, () => stopping)

	// Static files come before the per-request context: no session, CSRF cookie, nonce or log line for them.
	const publicDir = path.resolve('public')
	app.use(builtAssets(path.join(publicDir, 'build'), '/build', { maxAgeSeconds: 365 * 24 * 60 * 60 }))
	// Files built after start (a rebuild during development) are read from disk.
	app.use('/build', express.static(path.join(publicDir, 'build'), { immutable: true, maxAge: '1y', index: false }))
	// Only paths under what public/ holds are looked up on disk: pages reach Remix without a file-system stat.
	const publicEntries = new Set(fs.readdirSync(publicDir))
	const servePublic = express.static(publicDir, { maxAge: '1h', index: false })
	app.use((req, res, next) => (publicEntries.has(req.path.split('/')[1] ?? '') ? servePublic(req, res, next) : next()))

	const load = watchEventLoop(config.maxEventLoopDelayMs, (overloaded, delayMs) => {
		if (overloaded) logger.warn('server.overloaded', { delayMs: Math.round(delayMs), limitMs: config.maxEventLoopDelayMs })
		else logger.info('server.load_normal', { refusedRequests: shedding.refusedSinceLastCall() })
	})
	const shedding = shedLoad(load)
	app.use(shedding)

	app.use(requestContextMiddleware(routeId, httpLogger))
	app.use(requestOriginGuard())

	app.use(requestBodyGuard({ maxUploadBytes: config.maxUploadBytes, apiMethods: apiMethodsByPath(build, routeId) }))
	app.all('*', remixRequestHandler(build))
	// What still fails is answered like any refusal (translated, with the headers above), never with a stack:
	// a client's error Express found (a path with a broken escape: status 400) as malformed, anything else as ours.
	app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
		const status = Number((error as { status?: unknown } | null)?.status)
		const clientError = status >= 400 && status < 500
		if (!clientError) logger.error('http.unhandled_error', { method: req.method, path: req.path, ...errorFields(error) })
		if (res.headersSent) res.destroy()
		else if (clientError) refuse(req, res, 'malformed')
		else refuse(req, res, 'serverError', {}, { log: false })
	})

	server.listen(config.port, config.host, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : config.port
		logger.info('server.listening', {
			url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
			database: database.dialect,
			startupMs: Date.now() - startedAt,
		})
	})
	server.keepAliveTimeout = 65_000

	const jobs = cluster.isWorker ? machineJobsOfPrimary(config) : await startMachineJobs(config, database)
	// "Forgot password" requests are handled after their answer has gone, so that it costs the same for every address.
	const resetWorker = startPasswordResetWorker()
	whenPasswordResetQueued(() => afterResponse(() => void resetWorker.runNow()))

	// Administrators' notifications are sent in the background, once the answer to the form has gone (decision 0065).
	whenAnnouncementQueued(() => afterResponse(() => jobs.wake('announcements')))

	let shuttingDown = false
	/**
	 * SIGTERM: `/readyz` turns 503 and the server goes on serving for the drain period, so that requests
	 * already routed here (or waiting in the listen backlog) are answered; then it stops accepting,
	 * closes keep-alive connections after their current request and waits for the requests in flight.
	 * SIGINT (Ctrl-C) skips the drain.
	 */
	const onSignal = (signal: 'SIGTERM' | 'SIGINT') => {
		if (shuttingDown) return
		shuttingDown = true
		stopping = true
		const drainMs = signal === 'SIGTERM' ? config.shutdown.drainMs : 0
		logger.info('server.shutdown', { signal, drainMs, timeoutMs: config.shutdown.timeoutMs })
		setTimeout(() => {
			const force = setTimeout(() => {
				logger.warn('server.shutdown_forced', { afterMs: config.shutdown.timeoutMs })
				process.exit(1)
			}, config.shutdown.timeoutMs)
			force.unref()
			// Stops accepting connections; in-flight requests finish, then the database closes.
			shutdown
				.stop()
				.then(async () => {
					load.stop()
					// A reset request in hand is finished (its mail written) before the database closes.
					await resetWorker.stop()
					await jobs.stop()
					return database.close()
				})
				.then(() => {
					logger.info('server.stopped')
					process.exit(0)
				})
				.catch((error) => {
					logger.error('server.close_failed', errorFields(error))
					process.exit(1)
				})
		}, drainMs)
	}
	process.on('SIGTERM', () => onSignal('SIGTERM'))
	process.on('SIGINT', () => onSignal('SIGINT'))
	// A worker whose primary is gone gets no more connections: it stops.
	if (cluster.isWorker) process.on('disconnect', () => onSignal('SIGINT'))
}

main().catch((error) => {
	logger.error('server.start_failed', errorFields(error))
	process.exit(1)
})
