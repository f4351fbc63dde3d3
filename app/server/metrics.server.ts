import { timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { DatabaseHandle } from '~/db/db.server'
import { askPrimary, isClusterWorker } from '~/server/cluster-ipc.server'
import { errorFields, logger } from '~/utils/logger.server'

/**
 * The portal's Prometheus metrics: Node's process and event-loop figures, request durations by route
 * and status, the database pool, active sessions, sign-ins by outcome, load shedding and the mail
 * waiting in the outbox. One registry per process; `/metrics` serves it (see `metricsEndpoint`), or under
 * the cluster the primary's sum of every worker's (`clusterMetrics`): counters and histograms added up,
 * the database pool's connections too (the machine's total), figures of the whole machine (sessions, the
 * outbox) taken once, and Node's process figures as prom-client aggregates them.
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })

export const requestDuration = new Histogram({
	name: 'http_request_duration_seconds',
	help: 'Time from a request to the end of its answer, by route id (or static, probe, shed, unmatched), method and status',
	labelNames: ['route', 'method', 'status'] as const,
	buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
	registers: [registry],
})

const signIns = new Counter({
	name: 'portal_sign_ins_total',
	help: 'Sign-in attempts by outcome (success, failure, throttled) and way in (form, api)',
	labelNames: ['result', 'via'] as const,
	registers: [registry],
})

export const shedRequests = new Counter({
	name: 'portal_requests_shed_total',
	help: 'Requests answered 503 because the event loop was overloaded',
	registers: [registry],
})

export function countSignIn(result: 'success' | 'failure' | 'throttled', via: 'form' | 'api') {
	signIns.inc({ result, via })
}

/** Gauges read from the database and the data folder when scraped. */
export function registerStateMetrics(database: DatabaseHandle, { dataDir, sessionIdleMs }: { dataDir: string; sessionIdleMs: number }) {
	new Gauge({
		name: 'portal_db_pool_connections',
		help: 'Database connections by state: total open, idle, and requests waiting for one (SQLite: one connection)',
		labelNames: ['state'] as const,
		registers: [registry],
		collect() {
			if (database.driver.kind === 'postgres') {
				const { pool } = database.driver
				this.set({ state: 'total' }, pool.totalCount)
				this.set({ state: 'idle' }, pool.idleCount)
				this.set({ state: 'waiting' }, pool.waitingCount)
			} else {
				this.set({ state: 'total' }, database.driver.client.open ? 1 : 0)
				this.set({ state: 'idle' }, 0)
				this.set({ state: 'waiting' }, 0)
			}
		},
	})
	new Gauge({
		name: 'portal_active_sessions',
		help: 'Browser sessions neither expired nor idle beyond SESSION_IDLE_MINUTES',
		registers: [registry],
		aggregator: 'first',
		async collect() {
			const now = Date.now()
			try {
				const row = await database.db
					.selectFrom('sessions')
					.select((eb) => eb.fn.countAll<number | string>().as('n'))
					.where('expires_at', '>', now)
					.where('last_seen_at', '>', now - sessionIdleMs)
					.executeTakeFirst()
				this.set(Number(row?.n ?? 0))
			} catch (error) {
				logger.warn('metrics.sessions_unavailable', errorFields(error))
			}
		},
	})
	const outbox = path.join(dataDir, 'outbox')
	new Gauge({
		name: 'portal_mail_queue_length',
		help: 'Messages waiting in the outbox to be sent (by the portal with SMTP_URL, else by the site relay)',
		registers: [registry],
		aggregator: 'first',
		async collect() {
			const names = await fs.promises.readdir(outbox).catch(() => [] as string[])
			this.set(names.filter((name) => name.endsWith('.eml')).length)
		},
	})
}

function bearerMatches(header: string | undefined, token: string): boolean {
	const presented = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '')
	const expected = Buffer.from(token)
	return presented.length === expected.length && timingSafeEqual(presented, expected)
}

/** `GET /metrics` for a scraper presenting `Authorization: Bearer <token>`; 401 for anyone else. */
export function metricsEndpoint(token: string): RequestHandler {
	return async (req, res) => {
		res.set('Cache-Control', 'no-store')
		if (!bearerMatches(req.get('authorization'), token)) {
			res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized')
			return
		}
		try {
			res.type(registry.contentType).send(isClusterWorker() ? await askPrimary<string>(METRICS_TOPIC) : await registry.metrics())
		} catch (error) {
			// The primary did not answer (stopping, or a worker it asked is gone): the scraper tries again.
			logger.warn('metrics.unavailable', errorFields(error))
			res.status(503).type('text/plain').send('Metrics unavailable')
		}
	}
}

export const METRICS_TOPIC = 'metrics'

/** In a worker: answers the primary's requests for this worker's figures (prom-client's own messages). */
export function offerMetricsToPrimary() {
	AggregatorRegistry.setRegistries([registry])
	new AggregatorRegistry()
}

/** In the primary: the figures of every worker, aggregated. */
export function clusterMetrics(): () => Promise<string> {
	const aggregator = new AggregatorRegistry()
	return () => aggregator.clusterMetrics()
}
