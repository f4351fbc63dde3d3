import { randomBytes } from 'node:crypto'
import type { ImportProgress, ImportReport } from './csv-import.server'
import { errorFields, logger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

/**
 * Imports too large to answer within one request run here, in the background of the instance that
 * received the file; its progress page asks for them by id. A finished import is kept for
 * KEEP_FINISHED_MS so that its page can still show the outcome, then forgotten.
 */

/** Files larger than this are imported in the background, with a progress page. */
export const BACKGROUND_IMPORT_BYTES = 2 * 1024 * 1024
const KEEP_FINISHED_MS = 10 * 60_000

export interface ImportJob {
	id: string
	userId: number
	/** The catalog's key (its pages' `key`): a job's page shows only under its own catalog. */
	catalog: string
	progress: ImportProgress
	/** The outcome, once finished; `failed` when the import stopped on an unexpected error. */
	outcome: { report: ImportReport } | { failed: true } | null
}

const jobs = singleton('import-jobs', () => new Map<string, ImportJob>())
/** When each finished job finished. */
const finishedAt = singleton('import-jobs-finished', () => new Map<string, number>())

function forgetFinished(now: number) {
	for (const [id, at] of finishedAt) {
		if (now - at < KEEP_FINISHED_MS) continue
		jobs.delete(id)
		finishedAt.delete(id)
	}
}

/** Starts `run` in the background; the job's progress and outcome are read with `getImportJob`. */
export function startImportJob(
	userId: number,
	catalog: ImportJob['catalog'],
	run: (onProgress: (progress: ImportProgress) => void) => Promise<ImportReport>,
): ImportJob {
	forgetFinished(Date.now())
	const job: ImportJob = { id: randomBytes(16).toString('base64url'), userId, catalog, progress: { rows: 0, fraction: 0 }, outcome: null }
	jobs.set(job.id, job)
	run((progress) => (job.progress = progress))
		.then((report) => (job.outcome = { report }))
		.catch((error: unknown) => {
			logger.error('import.failed', { catalog, ...errorFields(error) })
			job.outcome = { failed: true }
		})
		.finally(() => finishedAt.set(job.id, Date.now()))
	return job
}

/** The user's own import job with this id, or null (unknown, forgotten, or someone else's). */
export function getImportJob(id: string | null, userId: number, catalog: ImportJob['catalog']): ImportJob | null {
	if (!id) return null
	const job = jobs.get(id)
	return job && job.userId === userId && job.catalog === catalog ? job : null
}
