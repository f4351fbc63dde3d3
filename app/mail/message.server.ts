export interface MailContent {
	to: string
	subject: string
	/** The plain-text body; the HTML part is made from it. */
	text: string
	/** The recipient's language, as an HTML `lang` tag (`vi`, `en`, …). */
	lang: string
}

function escapeHtml(text: string) {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The text as HTML: paragraphs and line breaks kept, web addresses made links, nothing else interpreted. */
export function textToHtml(text: string, lang: string, title: string): string {
	const paragraphs = text
		.split(/\n{2,}/)
		.map((paragraph) => {
			const lines = paragraph
				.split('\n')
				// A sentence's closing punctuation is not part of the address it ends with.
				.map((line) =>
					escapeHtml(line).replace(/https?:\/\/[^\s<>&"']+(?:&#38;[^\s<>&"']+)*/g, (match) => {
						const url = match.replace(/[.,;:!?)]+$/, '')
						return `<a href="${url}">${url}</a>${match.slice(url.length)}`
					}),
				)
			return `<p>${lines.join('<br>')}</p>`
		})
		.join('\n')
	return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>\n${paragraphs}\n</body></html>`
}

/**
 * A complete RFC 5322 message: From, To, Subject, Date, Message-ID and MIME-Version headers, and the
 * body as text and HTML alternatives (UTF-8).
 */
export async function composeMessage(from: string, content: MailContent, messageDomain: string): Promise<Buffer> {
	// Loaded with the first message: most instances send none, and nodemailer costs about 6 MB of memory.
	const { default: MailComposer } = await import('nodemailer/lib/mail-composer')
	const composer = new MailComposer({
		from,
		to: content.to,
		subject: content.subject,
		text: content.text,
		html: textToHtml(content.text, content.lang, content.subject),
		date: new Date(),
		headers: { 'Content-Language': content.lang },
	})
	const node = composer.compile()
	node.setHeader('Message-ID', `<${crypto.randomUUID()}@${messageDomain}>`)
	return node.build()
}
