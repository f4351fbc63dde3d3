import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { simpleParser, type ParsedMail } from 'mailparser'
import { until } from './wait'

/** A message as a mail program reads it: addresses, subject, both bodies and the headers. */
export interface ReadMail {
	to: string[]
	from: string
	subject: string
	text: string
	html: string
	headers: ParsedMail['headers']
}

export async function readMail(raw: string | Buffer): Promise<ReadMail> {
	const parsed = await simpleParser(raw)
	const addresses = (value: ParsedMail['to']) =>
		(Array.isArray(value) ? value : value ? [value] : []).flatMap((group) => group.value.map((address) => address.address ?? ''))
	return {
		to: addresses(parsed.to),
		from: parsed.from?.value[0]?.address ?? '',
		subject: parsed.subject ?? '',
		text: parsed.text ?? '',
		html: typeof parsed.html === 'string' ? parsed.html : '',
		headers: parsed.headers,
	}
}

/** The messages waiting in a data folder's outbox, oldest first. */
export async function outboxMails(dataDir = process.env.DATA_DIR!): Promise<ReadMail[]> {
	const outbox = path.join(dataDir, 'outbox')
	if (!fs.existsSync(outbox)) return []
	const names = fs
		.readdirSync(outbox)
		.filter((name) => name.endsWith('.eml'))
		.sort()
	return Promise.all(names.map((name) => readMail(fs.readFileSync(path.join(outbox, name)))))
}

export async function mailsTo(email: string, dataDir?: string): Promise<ReadMail[]> {
	return (await outboxMails(dataDir)).filter((mail) => mail.to.includes(email))
}

/** The messages to `email` once at least `count` are in the outbox (the background writes them after the answer). */
export async function mailsArrivedTo(email: string, count = 1, dataDir?: string): Promise<ReadMail[]> {
	await until(async () => (await mailsTo(email, dataDir)).length >= count, `${count} mail(s) to ${email}`)
	return mailsTo(email, dataDir)
}

/** The reset link in a message's text. */
export function resetUrlIn(mail: ReadMail): URL {
	const link = /(https?:\/\/\S+\/account\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1]
	if (!link) throw new Error(`no link in ${mail.text}`)
	return new URL(link)
}

/** The path and query of the reset link in a message's text. */
export function resetLinkIn(mail: ReadMail): string {
	const url = resetUrlIn(mail)
	return url.pathname + url.search
}

export function resetTokenIn(mail: ReadMail): string {
	return new URLSearchParams(resetLinkIn(mail).split('?')[1]).get('token')!
}

/**
 * A hold on a test server's outbox: started with `env`, the server's writes of queued (and held) messages
 * wait while `hold()` is on, but for the first `passing` writes in all (tests/support/outbox-hold.mjs,
 * loaded with --import into that server only; the portal's own code has no such switch). `reached()`
 * counts the writes that came to the hold.
 */
export function outboxHold() {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-hold-')), 'hold')
	const hook = pathToFileURL(path.join(import.meta.dirname, 'outbox-hold.mjs')).href
	return {
		env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hook}`.trim(), TEST_OUTBOX_HOLD: file },
		hold: (passing = 0) => fs.writeFileSync(file, passing ? String(passing) : ''),
		release: () => fs.rmSync(file, { force: true }),
		reached: () => (fs.existsSync(`${file}.reached`) ? fs.readFileSync(`${file}.reached`, 'utf8').split('\n').filter(Boolean).length : 0),
		remove: () => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
	}
}
