import { scheduleAuditPurge } from '~/admin/audit-purge.server'
import type { Config } from '~/config.server'
import type { DatabaseHandle } from '~/db/db.server'
import { scheduleBackups } from '~/db/scheduled-backups.server'
import { startMailDelivery } from '~/mail/delivery.server'
import { outboxDir, whenMailQueued } from '~/mail/mailer.server'
import { startAnnouncementDelivery } from '~/notifications/announcement-delivery.server'
import { tellPrimary } from '~/server/cluster-ipc.server'
import { startExpiredRowsPurge } from '~/server/expired-rows.server'
import { scheduleInactiveLock } from '~/users/inactive-lock.server'

/** A job another process may ask to run now rather than at its next pass. */
export type WakeableJob = 'mail' | 'announcements'

export interface MachineJobs {
	wake(job: WakeableJob): void
	/** No pass starts any more; the ones running finish (the database stays open). */
	stop(): Promise<void>
}

/**
 * The jobs that run once per machine whatever the number of HTTP workers: scheduled backups, the outbox
 * sender (decision 0016), the expired-rows purge, announcement delivery, the audit purge and the
 * inactive-account lock. A single process runs them beside its HTTP server; under the cluster, the primary.
 */
export async function startMachineJobs(config: Config, database: DatabaseHandle): Promise<MachineJobs> {
	const backups = config.backups ? scheduleBackups(database, config.backups) : null
	const mailDelivery = config.mail.smtpUrl
		? await startMailDelivery({ outbox: outboxDir(), smtpUrl: config.mail.smtpUrl, retryBaseMs: config.mail.retryBaseMs })
		: null
	whenMailQueued(mailDelivery ? () => void mailDelivery.deliverNow() : null)
	const expiredRowsPurge = startExpiredRowsPurge()
	const announcementDelivery = startAnnouncementDelivery()
	const stopAuditPurge = config.auditRetentionDays > 0 ? scheduleAuditPurge(config.auditRetentionDays) : null
	const stopInactiveLock = config.inactiveLockDays > 0 ? scheduleInactiveLock(config.inactiveLockDays) : null
	return {
		wake(job) {
			if (job === 'mail') void mailDelivery?.deliverNow()
			else void announcementDelivery.runNow()
		},
		async stop() {
			stopAuditPurge?.()
			stopInactiveLock?.()
			backups?.stop()
			await expiredRowsPurge.stop()
			// The batch in hand is committed (or dropped) before the database closes; the next start goes on from it.
			await announcementDelivery.stop()
			await mailDelivery?.stop()
		},
	}
}

/** A cluster worker's view of the jobs: they run in the primary, which is woken over the IPC channel. */
export function machineJobsOfPrimary(config: Config): MachineJobs {
	const wake = (job: WakeableJob) => tellPrimary(WAKE_TOPIC, job)
	whenMailQueued(config.mail.smtpUrl ? () => wake('mail') : null)
	return { wake, stop: async () => {} }
}

export const WAKE_TOPIC = 'jobs.wake'

export function isWakeableJob(value: unknown): value is WakeableJob {
	return value === 'mail' || value === 'announcements'
}
