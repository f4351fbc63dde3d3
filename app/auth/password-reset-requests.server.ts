import { recordAudit } from '~/audit/audit.server'
import { getDb, type DB } from '~/db/db.server'
import { canonicalEmail, type Email } from '~/users/email.server'
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '~/i18n/languages'
import { startBackgroundTask, type BackgroundTask } from '~/utils/background-task.server'
import { errorFields, logger } from '~/utils/logger.server'
import { getAuthProvider } from './provider.server'
import { passwordResetRetryAfter } from './throttle.server'

/**
 * "Forgot password" in two halves (decision 0042). The page only queues the request, one row written the
 * same way whether or not the address has an account, and answers; a worker in the background then
 * resolves the account and, when there is one that may reset its password, issues the token and writes
 * the mail. The queue is a table, so a request survives a restart and any instance may handle it.
 */

/** Requests waiting at most: past it, new ones are dropped (logged), so a flood cannot fill the database. */
export const MAX_WAITING_RESET_REQUESTS = 10_000
/** A request taken by a worker that has not finished it within this long is taken again (a crash, a kill). */
export const RESET_CLAIM_LEASE_MS = 2 * 60_000
/** Tries of one request (a lease apart) before it is given up. */
export const RESET_REQUEST_ATTEMPTS = 5
/** How often each instance looks for requests left by others, by a crash or by a failed try. */
const SWEEP_MS = 30_000
const BATCH = 20

let onQueued: (() => void) | null = null

/** Told when a request is queued (the server's worker then handles it once the answer has gone). */
export function whenPasswordResetQueued(listener: (() => void) | null) {
	onQueued = listener
}

export interface PasswordResetRequest {
	email: Email
	/** This site, for the link. */
	origin: string
	language: LanguageCode
	ip: string | null
}

/**
 * Queues a reset link for `email` and audits the request, in one transaction that does the same work for
 * every address: nothing here may depend on whether the account exists. Past `limit` waiting requests
 * the request is only audited.
 */
export async function queuePasswordReset(
	{ email, origin, language, ip }: PasswordResetRequest,
	{ limit = MAX_WAITING_RESET_REQUESTS } = {},
	db: DB = getDb(),
) {
	const queued = await db.transaction().execute(async (trx) => {
		const full = await trx
			.selectFrom('password_reset_requests')
			.select('id')
			.limit(1)
			.offset(limit - 1)
			.executeTakeFirst()
		if (!full)
			await trx
				.insertInto('password_reset_requests')
				.values({ email, origin, language, requested_at: Date.now(), claimed_at: null })
				.execute()
		await recordAudit({ action: 'auth.password_reset_requested', actorEmail: email, ip }, trx)
		return !full
	})
	if (queued) onQueued?.()
	else logger.warn('password_reset.queue_full', { limit })
}

/**
 * The "forgot password" form sent: the same outcome, and the same work before it, whether the account
 * exists or not and whether or not it is throttled (decision 0042). A throttled request is audited, one
 * without this site's address (`origin`, from PUBLIC_URL) logged, any other queued: the link is sent in the
 * background.
 */
export async function requestPasswordReset({
	email,
	origin,
	language,
	ip,
}: Omit<PasswordResetRequest, 'origin'> & { origin: string | null }) {
	const retryAfter = await passwordResetRetryAfter(email, ip)
	if (retryAfter !== null) {
		await recordAudit({ action: 'auth.password_reset_throttled', actorEmail: email, ip })
	} else if (!origin) {
		logger.error('password_reset.no_public_url', { message: 'Set PUBLIC_URL so password-reset links can be sent' })
	} else {
		await queuePasswordReset({ email, origin, language, ip })
	}
	return { ok: true } as const
}

type QueuedRequest = { id: number; email: string; origin: string; language: string; attempts: number }

/** Takes the request unless another worker has (an update that only one of them can make); true when taken. */
async function claim(request: QueuedRequest, staleBefore: number, now: number, db: DB): Promise<boolean> {
	const result = await db
		.updateTable('password_reset_requests')
		.set({ claimed_at: now, attempts: request.attempts + 1 })
		.where('id', '=', request.id)
		.where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
		.executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

/** Sends the link when the provider knows an account that may reset; true when the request is done with. */
async function handle(request: QueuedRequest): Promise<boolean> {
	const attempts = request.attempts + 1
	try {
		const language = isLanguageCode(request.language) ? request.language : DEFAULT_LANGUAGE
		// Queued in its canonical form; a row written otherwise (by hand) names no account.
		const email = canonicalEmail(request.email)
		if (email !== null) await getAuthProvider().requestPasswordReset(email, { origin: request.origin, language })
		return true
	} catch (error) {
		if (attempts < RESET_REQUEST_ATTEMPTS) {
			logger.warn('password_reset.failed', { id: request.id, attempts, retryInMs: RESET_CLAIM_LEASE_MS, ...errorFields(error) })
			return false
		}
		logger.error('password_reset.given_up', { id: request.id, attempts, ...errorFields(error) })
		return true
	}
}

/**
 * Handles the waiting requests, oldest first, until none is left or `stopped()`: each is claimed first,
 * so two instances never both handle one, and deleted once handled. One that fails stays claimed and is
 * tried again when its lease has run out. Returns how many were handled here.
 */
export async function processPasswordResetRequests(
	{ now = Date.now, stopped = () => false }: { now?: () => number; stopped?: () => boolean } = {},
	db: DB = getDb(),
): Promise<number> {
	let handled = 0
	for (;;) {
		const staleBefore = now() - RESET_CLAIM_LEASE_MS
		const waiting = await db
			.selectFrom('password_reset_requests')
			.select(['id', 'email', 'origin', 'language', 'attempts'])
			.where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
			.orderBy('id')
			.limit(BATCH)
			.execute()
		if (waiting.length === 0) return handled
		for (const request of waiting) {
			if (stopped()) return handled
			if (!(await claim(request, staleBefore, now(), db))) continue
			if (!(await handle(request))) continue
			await db.deleteFrom('password_reset_requests').where('id', '=', request.id).execute()
			handled++
		}
	}
}

/**
 * The instance's worker: a pass at start-up (what a stop or a crash left), one whenever asked (`runNow`,
 * after a request was queued here) and one every half minute (requests left by other instances or
 * waiting for another try). `stop()` lets the request in hand finish and takes no other.
 */
export function startPasswordResetWorker(): BackgroundTask {
	return startBackgroundTask({
		run: async (stopped) => {
			await processPasswordResetRequests({ stopped })
		},
		everyMs: SWEEP_MS,
		failedEvent: 'password_reset.worker_failed',
	})
}
