import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getConfig } from '~/config.server'
import { logger } from '~/utils/logger.server'

export interface Mail {
	to: string
	subject: string
	text: string
}

/**
 * Outgoing mail is written as RFC 5322 messages to a pickup folder, `DATA_DIR/outbox` (mode 0600):
 * the relay of the site (a cron'd `sendmail -t`, a pickup-directory agent) delivers them. Nothing
 * secret goes to the logs.
 */
export async function sendMail(mail: Mail): Promise<string> {
	const outbox = path.join(getConfig().dataDir, 'outbox')
	await fs.promises.mkdir(outbox, { recursive: true, mode: 0o700 })
	const id = `${Date.now()}-${randomBytes(6).toString('hex')}`
	const encodedSubject = `=?UTF-8?B?${Buffer.from(mail.subject, 'utf8').toString('base64')}?=`
	const message = [
		`To: ${mail.to}`,
		`Subject: ${encodedSubject}`,
		`Date: ${new Date().toUTCString()}`,
		`Message-ID: <${id}@staff-portal>`,
		'MIME-Version: 1.0',
		'Content-Type: text/plain; charset=utf-8',
		'Content-Transfer-Encoding: 8bit',
		'',
		mail.text,
		'',
	].join('\r\n')
	const file = path.join(outbox, `${id}.eml`)
	await fs.promises.writeFile(file, message, { mode: 0o600 })
	logger.info('mail.queued', { id })
	return file
}
