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

/**
 * Queues a message: a complete RFC 5322 file (From `MAIL_FROM`, Date, Message-ID, MIME-Version, text and
 * HTML parts) in `DATA_DIR/outbox` (mode 0600), written whole before it appears there. With `SMTP_URL`
 * the portal sends it (app/mail/delivery.server.ts); without, the site's relay picks it up from the
 * folder. Nothing secret goes to the logs.
 */
export async function sendMail(mail: Mail): Promise<string> {
	const { mail: settings } = getConfig()
	const outbox = outboxDir()
	await fs.promises.mkdir(outbox, { recursive: true, mode: 0o700 })
	const id = `${Date.now()}-${randomBytes(6).toString('hex')}`
	const message = await composeMessage(settings.from, mail, settings.messageDomain)
	const file = path.join(outbox, `${id}.eml`)
	await fs.promises.writeFile(`${file}.partial`, message, { mode: 0o600 })
	await fs.promises.rename(`${file}.partial`, file)
	logger.info('mail.queued', { id })
	onQueued?.()
	return file
}
