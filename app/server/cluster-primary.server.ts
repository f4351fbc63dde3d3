import { findImportJob, IMPORT_JOB_TOPICS, recordImportJob, type ImportJob } from '~/catalogs/import-jobs.server'
import type { Config } from '~/config.server'
import type { DatabaseHandle } from '~/db/db.server'
import { answerWorkers } from '~/server/cluster-ipc.server'
import { superviseWorkers } from '~/server/cluster-supervisor.server'
import { isWakeableJob, startMachineJobs, WAKE_TOPIC } from '~/server/machine-jobs.server'
import { clusterMetrics, METRICS_TOPIC } from '~/server/metrics.server'
import { errorFields, logger } from '~/utils/logger.server'

/** Beyond the workers' own drain and timeout, how long the primary waits for them before ending them. */
const STOP_MARGIN_MS = 5_000

/**
 * The cluster's primary (WEB_CONCURRENCY above 1): prepares the database (`prepare`: migrations, the
 * built-in roles, the first administrator) before any worker starts, runs the once-per-machine jobs on
 * its own database handle, answers the workers' messages, and keeps `config.webConcurrency` workers
 * serving the one port. It has no HTTP server of its own. SIGTERM or SIGINT is passed on to every
 * worker, which drains as a single process does; once all have exited the jobs stop, the database
 * closes and the primary exits 0. Workers still running after their drain and timeout are ended at once
 * (exit 1). A repeated signal changes nothing, as in a single process: Ctrl-C reaches the primary from the
 * terminal and again from npm, which passes it on.
 */
export async function runPrimary(config: Config, prepare: () => Promise<DatabaseHandle>): Promise<void> {
	const database = await prepare()
	const jobs = await startMachineJobs(config, database)
	const metrics = clusterMetrics()
	answerWorkers({
		[WAKE_TOPIC]: (job) => isWakeableJob(job) && jobs.wake(job),
		[METRICS_TOPIC]: () => metrics(),
		[IMPORT_JOB_TOPICS.record]: (job) => recordImportJob(job as ImportJob),
		[IMPORT_JOB_TOPICS.find]: (id) => findImportJob(String(id)),
	})
	const supervisor = superviseWorkers(config.webConcurrency, () => process.exit(1))
	logger.info('cluster.started', { workers: config.webConcurrency, pid: process.pid })

	const forceExit = (reason: string) => {
		logger.warn('cluster.shutdown_forced', { reason })
		supervisor.kill()
		process.exit(1)
	}
	let stopping = false
	const onSignal = (signal: NodeJS.Signals) => {
		if (stopping) return
		stopping = true
		logger.info('cluster.shutdown', { signal })
		const drainMs = signal === 'SIGTERM' ? config.shutdown.drainMs : 0
		setTimeout(() => forceExit('workers still running'), drainMs + config.shutdown.timeoutMs + STOP_MARGIN_MS).unref()
		supervisor
			.stop(signal)
			.then(async (code) => {
				await jobs.stop()
				await database.close()
				logger.info('cluster.stopped', { code })
				process.exit(code)
			})
			.catch((error) => {
				logger.error('cluster.close_failed', errorFields(error))
				process.exit(1)
			})
	}
	process.on('SIGTERM', () => onSignal('SIGTERM'))
	process.on('SIGINT', () => onSignal('SIGINT'))
}
