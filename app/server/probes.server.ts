import type express from 'express'
import { checkDatabase } from '~/db/availability.server'
import type { DatabaseHandle } from '~/db/db.server'
import { metricsEndpoint } from '~/server/metrics.server'
import { logger } from '~/utils/logger.server'

/** `/metrics` (with METRICS_TOKEN), `/healthz` and `/readyz`, which turns 503 once `stopping()` (the drain). */
export function mountProbes(app: express.Express, database: DatabaseHandle, metricsToken: string | undefined, stopping: () => boolean) {
	if (metricsToken) {
		app.get(
			'/metrics',
			(_req, res, next) => {
				res.locals.route = 'probe'
				next()
			},
			metricsEndpoint(metricsToken),
		)
	}
	app.get('/healthz', (_req, res) => {
		res.locals.route = 'probe'
		res.set('Cache-Control', 'no-store').json({ status: 'ok' })
	})
	app.get('/readyz', async (_req, res) => {
		res.locals.route = 'probe'
		res.set('Cache-Control', 'no-store')
		if (stopping()) {
			res.status(503).json({ status: 'stopping', database: database.dialect })
			return
		}
		const checkedAt = performance.now()
		const unavailable = await checkDatabase(database)
		if (unavailable) {
			logger.error('readyz.database_unavailable', { reason: unavailable, elapsedMs: Math.round(performance.now() - checkedAt) })
			res.status(503).json({ status: 'unavailable', database: database.dialect, reason: unavailable })
			return
		}
		res.json({ status: 'ready', database: database.dialect })
	})
}
