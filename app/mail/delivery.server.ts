import fs from 'node:fs'
import path from 'node:path'
import { startBackgroundTask } from '~/utils/background-task.server'
import { errorFields, logger } from '~/utils/logger.server'

/** The longest wait between two tries of one message. */
const MAX_RETRY_MS = 60 * 60_000

export interface MailDeliveryOptions {
	outbox: string
	smtpUrl: string
	/** The wait after a first failure; it doubles with each further one, up to an hour. */
	retryBaseMs: number
	now?: () => number
}

/** The sender and recipients of a queued message, from its own headers. */
function envelopeOf(raw: string): { from: string; to: string[] } {
	const head = raw.slice(0, raw.search(/\r?\n\r?\n/))
	const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
	const header = (name: string) => new RegExp(`^${name}:(.*)$`, 'im').exec(unfolded)?.[1] ?? ''
	const addresses = (value: string) =>
		[...value.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s,<>"]+@[^\s,<>"]+)/g)].map((match) => match[1] ?? match[2]!)
	return { from: addresses(header('From'))[0] ?? '', to: addresses(header('To')) }
}

/**
 * Sends what waits in the outbox over SMTP: the outbox folder is the queue, so a message survives a
 * failing server and a restart, and is removed only once the server has accepted it. Each failure is
 * logged and the message tried again after a wait that doubles, from `retryBaseMs` up to an hour. The
 * folder is looked at every few seconds and at once when mail is queued (`deliverNow`).
 */
export async function startMailDelivery({ outbox, smtpUrl, retryBaseMs, now = Date.now }: MailDeliveryOptions) {
	// Loaded only where the portal sends mail itself (nodemailer costs about 6 MB of memory).
	const { default: nodemailer } = await import('nodemailer')
	const url = new URL(smtpUrl)
	const secure = url.protocol === 'smtps:'
	const credentials = url.username !== ''
	// smtp:// upgrades with STARTTLS when the server offers it, and must when there is a password to send;
	// smtps:// is TLS from the start.
	const transport = nodemailer.createTransport({
		host: url.hostname,
		port: Number(url.port) || (secure ? 465 : 587),
		secure,
		requireTLS: credentials && !secure,
		auth: credentials ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 30_000,
	})
	const failures = new Map<string, { attempts: number; nextAt: number }>()

	async function deliverDue(stopped: () => boolean) {
		const names = (await fs.promises.readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
		for (const name of names) {
			if (stopped()) return
			const failed = failures.get(name)
			if (failed && failed.nextAt > now()) continue
			const file = path.join(outbox, name)
			const id = name.slice(0, -'.eml'.length)
			try {
				const raw = await fs.promises.readFile(file, 'utf8')
				await transport.sendMail({ envelope: envelopeOf(raw), raw })
				await fs.promises.rm(file, { force: true })
				failures.delete(name)
				logger.info('mail.sent', { id, attempts: (failed?.attempts ?? 0) + 1 })
			} catch (error) {
				const attempts = (failed?.attempts ?? 0) + 1
				const retryInMs = Math.min(MAX_RETRY_MS, retryBaseMs * 2 ** (attempts - 1))
				failures.set(name, { attempts, nextAt: now() + retryInMs })
				logger.warn('mail.send_failed', { id, attempts, retryInMs, ...errorFields(error) })
			}
		}
	}

	const delivery = startBackgroundTask({ run: deliverDue, everyMs: Math.min(5_000, retryBaseMs), failedEvent: 'mail.delivery_failed' })
	return {
		deliverNow: delivery.runNow,
		async stop() {
			await delivery.stop()
			transport.close()
		},
	}
}
