import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getConfig } from '~/config.server'
import { logger } from '~/utils/logger.server'
import { composeMessage, type MailContent } from './message.server'

export type Mail = MailContent

/** Told when a message is queued (the SMTP delivery, when configured, sends it at once). */
let onQueued: (() => void) | null = null

export function whenMailQueued(listener: (() => void) | null) {
	onQueued = listener
}

/** The outbox: the queue of outgoing mail, one RFC 5322 file per message. */
export function outboxDir(): string {
	return path.join(getConfig().dataDir, 'outbox')
}

/** A new message's name in the outbox: time-ordered, as the SMTP delivery sends them. */
function messageId(): string {
	return `${Date.now()}-${randomBytes(6).toString('hex')}`
}

async function composed(mail: Mail): Promise<Buffer> {
	const { mail: settings } = getConfig()
	await fs.promises.mkdir(outboxDir(), { recursive: true, mode: 0o700 })
	return composeMessage(settings.from, mail, settings.messageDomain)
}

/**
 * Queues a message: a complete RFC 5322 file (From `MAIL_FROM`, Date, Message-ID, MIME-Version, text and
 * HTML parts) in `DATA_DIR/outbox` (mode 0600), written whole before it appears there. With `SMTP_URL`
 * the portal sends it (app/mail/delivery.server.ts); without, the site's relay picks it up from the
 * folder. Nothing secret goes to the logs.
 */
export async function sendMail(mail: Mail): Promise<string> {
	const message = await composed(mail)
	const id = messageId()
	const file = path.join(outboxDir(), `${id}.eml`)
	await fs.promises.writeFile(`${file}.partial`, message, { mode: 0o600 })
	await fs.promises.rename(`${file}.partial`, file)
	logger.info('mail.queued', { id })
	onQueued?.()
	return file
}

/**
 * Held mail (decision 0065): a message written to the outbox under a name nothing sends
 * (`<id>.eml.<hold>.held`) until it is released, so that mail and the database record of it can be
 * settled together: held first, then recorded, then released; what a crash leaves held is released or
 * discarded by what the database says of its `hold` token.
 */
export async function holdMail(mail: Mail, hold: string): Promise<string> {
	const message = await composed(mail)
	const file = path.join(outboxDir(), `${messageId()}.eml.${hold}.held`)
	await fs.promises.writeFile(file, message, { mode: 0o600 })
	return file
}

const HELD = /^(.+\.eml)\.([0-9a-f]+)\.held$/

/** Puts held messages in the queue; one released already (by another pass) is left as it is. */
export async function releaseHeldMail(files: readonly string[]): Promise<void> {
	if (files.length === 0) return
	for (const file of files) {
		const name = HELD.exec(path.basename(file))?.[1]
		if (!name) throw new Error(`not held mail: ${file}`)
		await fs.promises.rename(file, path.join(path.dirname(file), name)).catch((error: NodeJS.ErrnoException) => {
			if (error.code !== 'ENOENT') throw error
		})
	}
	logger.info('mail.queued', { count: files.length })
	onQueued?.()
}

export async function discardHeldMail(files: readonly string[]): Promise<void> {
	for (const file of files) await fs.promises.rm(file, { force: true })
}

/** The held messages in the outbox, with their `hold` token and when each was written. */
export async function heldMail(): Promise<{ file: string; hold: string; writtenAt: number }[]> {
	const outbox = outboxDir()
	const names = await fs.promises.readdir(outbox).catch(() => [] as string[])
	const held = []
	for (const name of names) {
		const hold = HELD.exec(name)?.[2]
		if (!hold) continue
		const file = path.join(outbox, name)
		const stat = await fs.promises.stat(file).catch(() => null)
		if (stat) held.push({ file, hold, writtenAt: stat.mtimeMs })
	}
	return held
}
