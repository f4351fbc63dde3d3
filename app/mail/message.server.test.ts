import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { readMail } from '../../tests/support/mail'
import { composeMessage, textToHtml } from './message.server'

describe('composeMessage', () => {
	test('a complete message: From, To, Subject, Date, Message-ID, MIME-Version, and a text and an HTML part in the given language', async () => {
		const raw = await composeMessage(
			'Cổng nhân viên <portal@example.com>',
			{ to: 'an@example.com', subject: 'Đặt lại mật khẩu', text: 'Xin chào An,\n\nhttps://portal.example.com/x?a=1&b=2', lang: 'vi' },
			'portal.example.com',
		)
		const mail = await readMail(raw)
		expect(mail).toMatchObject({ from: 'portal@example.com', to: ['an@example.com'], subject: 'Đặt lại mật khẩu' })
		expect(mail.headers.get('mime-version')).toBe('1.0')
		expect(mail.headers.get('date')).toBeInstanceOf(Date)
		expect(String(mail.headers.get('message-id'))).toMatch(/^<[0-9a-f-]{36}@portal\.example\.com>$/)
		expect(mail.text.trim()).toBe('Xin chào An,\n\nhttps://portal.example.com/x?a=1&b=2')
		const html = parse(mail.html)
		expect(html.querySelector('html')?.getAttribute('lang')).toBe('vi')
		expect(html.querySelector('a')?.getAttribute('href')).toBe('https://portal.example.com/x?a=1&b=2')
	})

	test('two messages never share a Message-ID', async () => {
		const content = { to: 'an@example.com', subject: 's', text: 't', lang: 'en' }
		const [a, b] = await Promise.all([
			composeMessage('p@example.com', content, 'example.com'),
			composeMessage('p@example.com', content, 'example.com'),
		])
		expect((await readMail(a!)).headers.get('message-id')).not.toBe((await readMail(b!)).headers.get('message-id'))
	})
})

describe('textToHtml', () => {
	test('what a user typed (a name, say) is text, never markup', () => {
		const html = parse(textToHtml('Hello <img src=x onerror=alert(1)> "An" & co', 'en', '<title>'))
		expect(html.querySelectorAll('img')).toHaveLength(0)
		expect(html.querySelector('p')?.textContent).toBe('Hello <img src=x onerror=alert(1)> "An" & co')
		expect(html.querySelector('title')?.textContent).toBe('<title>')
	})

	test('paragraphs and line breaks are kept; only http(s) addresses become links, without what follows them', () => {
		const html = parse(textToHtml('one\ntwo\n\nsee https://a.example/p?x=1&y=2. javascript:alert(1)', 'en', 't'))
		expect(html.querySelectorAll('p')).toHaveLength(2)
		expect(html.querySelectorAll('br')).toHaveLength(1)
		const links = html.querySelectorAll('a')
		expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://a.example/p?x=1&y=2'])
		expect(html.querySelectorAll('p')[1]?.textContent).toBe('see https://a.example/p?x=1&y=2. javascript:alert(1)')
	})
})
