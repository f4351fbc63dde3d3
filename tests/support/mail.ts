import fs from 'node:fs'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'

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
	const addresses = (value: ParsedMail['to']) => (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) => group.value.map((address) => address.address ?? ''))
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
	const names = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')).sort()
	return Promise.all(names.map((name) => readMail(fs.readFileSync(path.join(outbox, name)))))
}

export async function mailsTo(email: string, dataDir?: string): Promise<ReadMail[]> {
	return (await outboxMails(dataDir)).filter((mail) => mail.to.includes(email))
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
