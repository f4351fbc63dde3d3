import fs from 'node:fs'
import path from 'node:path'
import { errorFields, logger } from '~/utils/logger.server'
import { BACKUP_EXTENSION, backupDatabase } from './backup.server'
import type { DatabaseHandle } from './db.server'

export interface BackupSchedule {
	dir: string
	intervalMs: number
	keep: number
}

/** `portal-20261125T105400123Z.sqlite`: sorted by name is sorted by time. */
const BACKUP_NAME = /^portal-\d{8}T\d{9}Z\.(sqlite|dump)$/

function backupName(handle: DatabaseHandle, at: Date) {
	const stamp = at.toISOString().replace(/[-:.]/g, '')
	return `portal-${stamp}${BACKUP_EXTENSION[handle.dialect]}`
}

/** The scheduled backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((name) => BACKUP_NAME.test(name))
		.sort()
}

/**
 * Backs the database up into `dir` whenever the newest backup there is older than the interval (so a
 * portal restarted more often than that still makes them), keeping the newest `keep`. Checked soon
 * after start and then every tenth of the interval (at most every ten minutes). Run it on one instance.
 */
export function scheduleBackups(handle: DatabaseHandle, schedule: BackupSchedule): { stop(): void } {
	const checkMs = Math.max(200, Math.min(10 * 60_000, schedule.intervalMs / 10))
	let running = false
	async function check() {
		if (running) return
		running = true
		try {
			const newest = listBackups(schedule.dir).at(-1)
			const age = newest ? Date.now() - fs.statSync(path.join(schedule.dir, newest)).mtimeMs : Infinity
			if (age < schedule.intervalMs) return
			const file = path.join(schedule.dir, backupName(handle, new Date()))
			const started = Date.now()
			await backupDatabase(handle, file)
			logger.info('backup.written', { file, bytes: fs.statSync(file).size, durationMs: Date.now() - started })
			for (const old of listBackups(schedule.dir).slice(0, -schedule.keep)) {
				fs.rmSync(path.join(schedule.dir, old), { force: true })
				logger.info('backup.removed', { file: path.join(schedule.dir, old) })
			}
		} catch (error) {
			logger.error('backup.failed', errorFields(error))
		} finally {
			running = false
		}
	}
	const timer = setInterval(() => void check(), checkMs)
	timer.unref()
	const first = setTimeout(() => void check(), Math.min(checkMs, 5_000))
	first.unref()
	return {
		stop() {
			clearInterval(timer)
			clearTimeout(first)
		},
	}
}
