import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { describe, expect, test } from 'vitest'
import { RESET_CLAIM_LEASE_MS } from '~/auth/password-reset-requests.server'
import { createAnnouncement } from '~/notifications/announcements.server'
import { toEmail } from '~/users/email.server'
import { getDb } from '~/db/db.server'
import { de, it } from '~/i18n/messages'
import { announcementTitled, expectEachRecipientOnce } from '../support/announcements'
import { TestClient } from '../support/client'
import { mailsTo, outboxHold, readMail, resetLinkIn, type ReadMail } from '../support/mail'
import { freePort } from '../support/nginx'
import { startServer, type RunningServer } from '../support/server'
import { selfSignedCertificate } from '../support/tls'
import { createTestUser } from '../support/users'
import { until } from '../support/wait'

const FROM = 'Cổng nhân viên <portal@example.com>'

interface SmtpOptions {
	port?: number
	/** Offers STARTTLS with this certificate, and then requires it and these credentials. */
	tls?: { cert: string; key: string; user: string; password: string }
	/** Offers AUTH without TLS (to show that the portal will not send a password in clear). */
	insecureAuth?: boolean
}

/** A real SMTP server on loopback that keeps what it accepts, and refuses (451) while `failing`. */
async function startSmtp({ port = 0, tls, insecureAuth = false }: SmtpOptions = {}) {
	const received: { from: string; to: string[]; user: string | undefined; secure: boolean; mail: ReadMail }[] = []
	const state = { failing: false, refused: 0 }
	const server = new SMTPServer({
		logger: false,
		...(tls
			? { key: fs.readFileSync(tls.key), cert: fs.readFileSync(tls.cert), authOptional: false }
			: { disabledCommands: insecureAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'], allowInsecureAuth: insecureAuth, authOptional: true }),
		onAuth(auth, session, callback) {
			if (tls && auth.username === tls.user && auth.password === tls.password) return callback(null, { user: auth.username })
			callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				if (state.failing) {
					state.refused++
					return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
				}
				const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
				const to = session.envelope.rcptTo.map((recipient) => recipient.address)
				readMail(Buffer.concat(chunks)).then((mail) => {
					received.push({ from, to, user: session.user as string | undefined, secure: session.secure, mail })
					callback()
				}, callback)
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const address = `127.0.0.1:${(server.server.address() as AddressInfo).port}`
	return {
		url: `smtp://${address}`,
		address,
		received,
		state,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

const events = (server: RunningServer, event: string) =>
	server.output
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
		.filter((entry) => entry.event === event)

async function askForReset(server: RunningServer, email: string) {
	const response = await new TestClient(server.url).post('/account/forgot-password', { email })
	await response.text()
	expect(response.status).toBe(200)
}

describe('mail over SMTP', () => {
	test('a password-reset mail goes out over SMTP in the recipient’s language, complete; a refusing server is retried with back-off and the mail is never lost', async () => {
		const smtp = await startSmtp()
		smtp.state.failing = true
		const server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' })
		try {
			const user = await createTestUser()
			await getDb().updateTable('users').set({ preferred_language: 'de' }).where('id', '=', user.user.id).execute()

			// The page answers as usual while the server refuses; the message waits in the outbox.
			await askForReset(server, user.email)
			await until(() => smtp.state.refused >= 2, 'two refused attempts')
			expect(await mailsTo(user.email)).toHaveLength(1)
			// A log line comes a moment after what it tells of: wait for it too.
			await until(() => events(server, 'mail.send_failed').length >= 2, 'two failures logged')
			const failures = events(server, 'mail.send_failed')
			expect(failures.map((entry) => entry.retryInMs).slice(0, 2)).toEqual([1000, 2000])

			smtp.state.failing = false
			await until(() => smtp.received.some((message) => message.to.includes(user.email)), 'the delivery')
			const { from, to, mail } = smtp.received.find((message) => message.to.includes(user.email))!
			expect({ from, to }).toEqual({ from: 'portal@example.com', to: [user.email] })
			expect(mail.from).toBe('portal@example.com')
			expect(mail.subject).toBe(de.resetPassword.mailSubject)
			expect(mail.headers.get('mime-version')).toBe('1.0')
			expect(mail.headers.get('date')).toBeInstanceOf(Date)
			expect(String(mail.headers.get('message-id'))).toMatch(/^<[\w-]+@localhost>$/)
			expect(String(mail.headers.get('content-language'))).toBe('de')
			const link = resetLinkIn(mail)
			expect(mail.html).toContain(`href="${server.url}${link}"`)
			// Sent is gone from the queue, and said so once.
			await until(async () => (await mailsTo(user.email)).length === 0, 'the outbox emptied')
			await until(() => events(server, 'mail.sent').length > 0, 'the delivery logged')
			expect(events(server, 'mail.sent').length).toBe(1)
		} finally {
			expect(await server.stop()).toBe(0)
			await smtp.close()
		}
	})

	test('with the SMTP server down, a queued mail survives a restart of the portal and goes out once the server is back', async () => {
		const port = await freePort()
		const user = await createTestUser()
		const first = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' })
		try {
			await askForReset(first, user.email)
			await until(() => events(first, 'mail.send_failed').length > 0, 'a failed attempt')
			expect(String(events(first, 'mail.send_failed')[0]!.error)).toMatch(/ECONNREFUSED/)
		} finally {
			expect(await first.stop()).toBe(0)
		}
		expect(await mailsTo(user.email)).toHaveLength(1)

		const smtp = await startSmtp({ port })
		const second = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' })
		try {
			await until(() => smtp.received.some((message) => message.to.includes(user.email)), 'the delivery after the restart')
			await until(async () => (await mailsTo(user.email)).length === 0, 'the outbox emptied')
		} finally {
			expect(await second.stop()).toBe(0)
			await smtp.close()
		}
	})
	test('with a user and password in SMTP_URL, the portal upgrades with STARTTLS and signs in; it never sends the password over a connection without TLS', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-smtp-'))
		const certificate = selfSignedCertificate(dir)
		const user = 'portal@example.com'
		const password = 'p@ss:w/rd ü'
		const credentials = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`
		const secured = await startSmtp({ tls: { ...certificate, user, password } })
		const clear = await startSmtp({ insecureAuth: true })
		// The throwaway certificate is trusted the way a site's own CA would be.
		const trust = { NODE_EXTRA_CA_CERTS: certificate.cert, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' }
		const recipient = await createTestUser()
		const server = await startServer({ ...trust, SMTP_URL: `smtp://${credentials}@${secured.address}` })
		try {
			await askForReset(server, recipient.email)
			await until(() => secured.received.length > 0, 'the delivery over STARTTLS')
			expect(secured.received[0]).toMatchObject({ to: [recipient.email], user, secure: true })
			expect(resetLinkIn(secured.received[0]!.mail)).toMatch(/^\/account\/reset-password\?token=/)
		} finally {
			expect(await server.stop()).toBe(0)
			await secured.close()
		}

		const other = await createTestUser()
		const careless = await startServer({ ...trust, SMTP_URL: `smtp://${credentials}@${clear.address}` })
		try {
			await askForReset(careless, other.email)
			await until(() => events(careless, 'mail.send_failed').length > 0, 'the refusal to sign in without TLS')
			expect(String(events(careless, 'mail.send_failed')[0]!.error)).toMatch(/STARTTLS/i)
			expect(clear.received).toEqual([])
			expect(await mailsTo(other.email)).toHaveLength(1)
			expect(careless.output.join('\n')).not.toContain(password)
		} finally {
			expect(await careless.stop()).toBe(0)
			await clear.close()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	test('the notice of a sign-in from a new browser goes out over SMTP, in the user’s language', async () => {
		const smtp = await startSmtp()
		const server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' })
		try {
			const user = await createTestUser()
			await getDb().updateTable('users').set({ preferred_language: 'it' }).where('id', '=', user.user.id).execute()
			for (const userAgent of [
				'Lynx/2.9.0dev.12 libwww-FM/2.14',
				'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
			]) {
				const response = await new TestClient(server.url, { 'User-Agent': userAgent }).signIn(user.email, user.password)
				await response.text()
				expect(response.status).toBe(302)
			}
			await until(() => smtp.received.some((message) => message.to.includes(user.email)), 'the delivery')
			const [delivered, ...more] = smtp.received.filter((message) => message.to.includes(user.email))
			expect(more).toEqual([])
			expect(delivered!.to).toEqual([user.email])
			const { mail } = delivered!
			expect(mail.subject).toBe(it.deviceNotice.mailSubject)
			expect(String(mail.headers.get('content-language'))).toBe('it')
			expect(mail.text).toContain('Browser: Firefox 128 (Linux)')
			expect(mail.html).toContain(`href="${server.url}/account/security"`)
			await until(async () => (await mailsTo(user.email)).length === 0, 'the outbox emptied')
		} finally {
			expect(await server.stop()).toBe(0)
			await smtp.close()
		}
	})
})

describe('a password-reset request survives the portal stopping', () => {
	/** Whether the server still takes connections. */
	const answers = (url: string) =>
		fetch(`${url}/healthz`).then(
			async (response) => (await response.text(), true),
			() => false,
		)
	const waiting = (email: string) => getDb().selectFrom('password_reset_requests').selectAll().where('email', '=', email).execute()

	test('one in hand when the portal is killed is taken again after the restart; one in hand at SIGTERM is finished before the portal stops', async () => {
		const outbox = outboxHold()
		const { email } = await createTestUser()
		try {
			outbox.hold()
			const crashed = await startServer(outbox.env)
			try {
				await askForReset(crashed, email)
				await until(() => outbox.reached() === 1, 'the worker at the outbox write')
			} finally {
				const gone = new Promise((resolve) => crashed.process.once('close', resolve))
				crashed.process.kill('SIGKILL')
				await gone
			}
			const [left] = await waiting(email)
			expect(left).toMatchObject({ attempts: 1, claimed_at: expect.any(Number) })
			expect(await mailsTo(email)).toEqual([])
			// As once the claim's lease has run out.
			await getDb()
				.updateTable('password_reset_requests')
				.set({ claimed_at: left!.claimed_at! - RESET_CLAIM_LEASE_MS })
				.where('id', '=', left!.id)
				.execute()

			const restarted = await startServer(outbox.env)
			await until(() => outbox.reached() === 2, 'the restarted worker at the outbox write')
			restarted.process.kill('SIGTERM')
			// It stops taking connections, then waits for the request in hand before closing the database.
			await until(async () => !(await answers(restarted.url)), 'the listener closed')
			expect(restarted.process.exitCode).toBe(null)
			outbox.release()
			expect(await restarted.stop()).toBe(0)
			expect(await mailsTo(email)).toHaveLength(1)
			expect(await waiting(email)).toEqual([])
		} finally {
			outbox.release()
			outbox.remove()
		}
	})
})

describe('a notice to everyone survives the portal being killed mid-way (decision 0065)', () => {
	test('killed with two batches written and a third held, the restarted portal gives every recipient exactly one notification and one mail', async () => {
		const outbox = outboxHold()
		const admin = await createTestUser({ roles: ['admin'] })
		const at = Date.now()
		await getDb()
			.insertInto('users')
			.values(
				Array.from({ length: 200 }, (_, i) => {
					const email = toEmail(`staff${i}-${at}@example.com`)
					return {
						email,
						email_normalized: email,
						display_name: `Staff ${i}`,
						first_name: '',
						last_name: '',
						search_text: email,
						password_hash: null,
						external_id: null,
						preferred_language: 'en',
						time_zone: null,
						password_changed_at: null,
						created_at: at,
						updated_at: at,
					}
				}),
			)
			.execute()
		const title = `Killed mid-way ${at}`
		const created = await createAnnouncement(
			{
				title,
				body: 'Once each.',
				link: null,
				audience: 'everyone',
				email: true,
				publishAt: null,
				expiresAt: null,
				roleIds: [],
				userIds: [],
			},
			{ actor: admin.user, siteUrl: 'http://portal.example' },
		)
		expect(created.ok).toBe(true)
		// Batches of 40; 100 mails pass the hold: two batches are written, the third waits at its 21st mail.
		const env = { ...outbox.env, NOTIFICATION_BATCH_SIZE: '40' }
		const held = () => fs.readdirSync(path.join(process.env.DATA_DIR!, 'outbox')).filter((name) => name.endsWith('.held'))
		try {
			outbox.hold(100)
			const crashed = await startServer(env)
			try {
				await until(() => outbox.reached() === 101, 'the third batch at its 21st mail')
			} finally {
				const gone = new Promise((resolve) => crashed.process.once('close', resolve))
				crashed.process.kill('SIGKILL')
				await gone
			}
			expect(crashed.process.signalCode).toBe('SIGKILL')
			expect(await announcementTitled(title)).toMatchObject({ recipients: 80, mailed: 80, completed_at: null })
			expect(await mailsTo(`staff0-${at}@example.com`)).toHaveLength(1)
			expect(held()).toHaveLength(20)

			outbox.release()
			const restarted = await startServer(env)
			await until(async () => (await announcementTitled(title)).completed_at !== null, 'the rest sent')
			expect(await restarted.stop()).toBe(0)
			await expectEachRecipientOnce(title)
		} finally {
			outbox.release()
			outbox.remove()
			for (const name of held()) fs.rmSync(path.join(process.env.DATA_DIR!, 'outbox', name))
		}
	})
})
