import { randomBytes } from 'node:crypto'
import type { ImportProgress } from './csv-import.server'
import type { ImportReport } from './csv-import-report.server'
import { askPrimary, isClusterWorker, tellPrimary } from '~/server/cluster-ipc.server'
import { errorFields, logger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

/**
 * Imports too large to answer within one request run here, in the background of the process that
 * received the file; its progress page asks for them by id. A finished import is kept for
 * KEEP_FINISHED_MS so that its page can still show the outcome, then forgotten. Under the cluster the
 * jobs' state is held by the primary, which every worker tells and asks (decision 0069): the progress
 * page may be answered by any worker.
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

export const IMPORT_JOB_TOPICS = { record: 'import-job.record', find: 'import-job.find' } as const

/** Keeps a job's latest state, where jobs are held: this process, or the primary for its workers. */
export function recordImportJob(job: ImportJob, now = Date.now()): void {
	for (const [id, at] of finishedAt) {
		if (now - at < KEEP_FINISHED_MS) continue
		jobs.delete(id)
		finishedAt.delete(id)
	}
	jobs.set(job.id, job)
	if (job.outcome && !finishedAt.has(job.id)) finishedAt.set(job.id, now)
}

/** The job held here under this id, whoever started it. */
export function findImportJob(id: string): ImportJob | null {
	return jobs.get(id) ?? null
}

/** Sends a copy of the job's state to where jobs are held (a message to the primary is one too). */
function publish(job: ImportJob): void {
	if (isClusterWorker()) tellPrimary(IMPORT_JOB_TOPICS.record, job)
	else recordImportJob({ ...job })
}

/**
 * Starts `run` in the background; the job's progress and outcome are read with `getImportJob`. Resolves
 * once the job is held where every process asks, so that its page finds it whichever worker answers.
 */
export async function startImportJob(
	userId: number,
	catalog: ImportJob['catalog'],
	run: (onProgress: (progress: ImportProgress) => void) => Promise<ImportReport>,
): Promise<ImportJob> {
	const job: ImportJob = { id: randomBytes(16).toString('base64url'), userId, catalog, progress: { rows: 0, fraction: 0 }, outcome: null }
	if (isClusterWorker()) await askPrimary(IMPORT_JOB_TOPICS.record, job)
	else recordImportJob({ ...job })
	const update = (change: Partial<ImportJob>) => publish(Object.assign(job, change))
	run((progress) => update({ progress }))
		.then((report) => update({ outcome: { report } }))
		.catch((error: unknown) => {
			logger.error('import.failed', { catalog, ...errorFields(error) })
			update({ outcome: { failed: true } })
		})
	return job
}

/** The user's own import job with this id, or null (unknown, forgotten, or someone else's). */
export async function getImportJob(id: string | null, userId: number, catalog: ImportJob['catalog']): Promise<ImportJob | null> {
	if (!id) return null
	const job = isClusterWorker() ? await askPrimary<ImportJob | null>(IMPORT_JOB_TOPICS.find, id) : findImportJob(id)
	return job && job.userId === userId && job.catalog === catalog ? job : null
}
