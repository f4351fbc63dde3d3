import { HTMLElement } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Compilable } from 'kysely'
import { purgeAuditLog } from '~/admin/audit-purge.server'
import { auditChoices, auditDateRange, auditListSource, listAudit } from '~/admin/audit.server'
import { recordAudit } from '~/audit/audit.server'
import { parseCsv } from '~/catalogs/csv'
import { getDatabase, getDb } from '~/db/db.server'
import { COUNT_CAP, pageIdsQuery } from '~/lists/list.server'
import { en } from '~/i18n/messages'
import { getPage, signedIn, vn } from '../support/catalogs'
import { parseHtml } from '../support/html'
import { planOf } from '../support/query-plan'
import { queriesDuring } from '../support/queries'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser, signedInUser } from '../support/users'

let server: RunningServer
let admin: Awaited<ReturnType<typeof signedIn>>
let viewer: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	admin = await signedIn(server, ['admin'])
	viewer = await signedIn(server, ['viewer'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

interface ListedEntry {
	action: string
	event: string
	who: string
	whoLink: string | null
	record: string
	recordLink: string | null
	details: string[]
}

/** The entries a page lists, in order, as a reader sees each cell. */
function entries(html: string): ListedEntry[] {
	return parseHtml(html)
		.querySelectorAll('table.admin-audit tbody tr')
		.map((row) => {
			const [who, what, record, details] = row.querySelectorAll('td')
			// The record's own name and link, not the link to its history beneath.
			const own = record!.childNodes.filter(
				(node): node is HTMLElement => node instanceof HTMLElement && ['A', 'SPAN'].includes(node.tagName),
			)
			return {
				action: what!.querySelector('code')!.textContent,
				event: what!.childNodes[0]!.textContent,
				who: who!.childNodes[0]!.textContent,
				whoLink: who!.querySelector('a')?.getAttribute('href') ?? null,
				record: own.map((node) => node.textContent).join(' '),
				recordLink: own.find((node) => node.tagName === 'A')?.getAttribute('href') ?? null,
				details: details!.querySelectorAll('li').map((item) => item.textContent),
			}
		})
}

const actions = (html: string) => entries(html).map((entry) => entry.action)

const englishAdmin = () => signedInUser(server, ['admin'], { lang: 'en' })

describe('the audit log', () => {
	test('lists entries newest first with readable changes, and filters them', async () => {
		await recordAudit({
			action: 'test.first',
			actorEmail: 'first@example.com',
			entity: 'widget',
			entityId: 7,
			details: { code: 'W-7', changes: { name: { from: 'Cũ', to: 'Mới' } } },
		})
		await recordAudit({
			action: 'test.second',
			actorEmail: 'second@example.com',
			entity: 'gadget',
			entityId: 8,
			details: { note: 'ok', passwordHash: 'must-not-show' },
		})
		const html = await (await getPage(admin.client, '/admin/audit')).text()
		const listed = actions(html)
		expect(listed.indexOf('test.second')).toBeLessThan(listed.indexOf('test.first'))
		const first = entries(html).find((entry) => entry.action === 'test.first')!
		expect(first.details).toContain('name: Cũ → Mới')
		expect(first.who).toBe('first@example.com')
		expect(html).not.toContain('must-not-show')
		expect(parseHtml(html).querySelector('th[aria-sort]')?.getAttribute('aria-sort')).toBe('descending')

		expect(actions(await (await getPage(admin.client, '/admin/audit?action=test.first')).text())).toEqual(['test.first'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?entity=gadget')).text())).toEqual(['test.second'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?entity=gadget&target=8')).text())).toEqual(['test.second'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?entity=gadget&target=9')).text())).toEqual([])
		expect(actions(await (await getPage(admin.client, '/admin/audit?actor=first%40example.com')).text())).toEqual(['test.first'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?q=second')).text())).toEqual(['test.second'])
		const oldest = await (await getPage(admin.client, '/admin/audit?to=2000-01-01')).text()
		expect(actions(oldest)).toEqual([])
		expect(oldest).toContain(vn.list.noMatchTitle)
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date())
		expect(actions(await (await getPage(admin.client, `/admin/audit?from=${today}&action=test.first`)).text())).toEqual(['test.first'])
	})

	test('events, fields, the actor and the record are named in the reader’s language, with links while they exist', async () => {
		const reader = await englishAdmin()
		const target = await createTestUser()
		// A real change through the page: the administrator renames a user.
		const changed = await reader.client.post(`/admin/users/${target.user.id}`, {
			intent: 'update',
			displayName: 'Renamed person',
			firstName: '',
			lastName: '',
			roles: ['viewer'],
		})
		await changed.text()
		expect(changed.status).toBe(302)
		const html = await (await getPage(reader.client, `/admin/audit?entity=user&target=${target.user.id}`)).text()
		const [entry] = entries(html)
		expect(entry).toMatchObject({
			action: 'user.updated',
			event: en.audit.events.user.updated,
			whoLink: `/admin/users/${reader.user.id}`,
			recordLink: `/admin/users/${target.user.id}`,
		})
		expect(entry!.who).toBe(reader.user.display_name)
		expect(entry!.record).toContain(target.email)
		expect(entry!.details).toContain(`${en.admin.users.fields.displayName}: ${target.user.display_name} → Renamed person`)
		// The filters offer events by name.
		const options = parseHtml(html)
			.querySelectorAll('select[name="action"] option')
			.map((option) => option.textContent)
		expect(options).toContain(en.audit.events.user.updated)

		// A deleted record keeps the name its entries recorded, without a link.
		const gone = await createTestUser()
		await recordAudit({
			action: 'user.deleted',
			actor: { id: reader.user.id, email: reader.email },
			entity: 'user',
			entityId: gone.user.id,
			details: { email: gone.email },
		})
		await getDb().deleteFrom('users').where('id', '=', gone.user.id).execute()
		const [deleted] = entries(await (await getPage(reader.client, `/admin/audit?entity=user&target=${gone.user.id}`)).text())
		expect(deleted).toMatchObject({ event: en.audit.events.user.deleted, recordLink: null })
		expect(deleted!.record).toContain(gone.email)
	})

	test('CSV export of the current filter: every matching entry, readable, streamed; only with the export grant', async () => {
		const reader = await englishAdmin()
		for (let n = 0; n < 1_205; n++)
			await recordAudit({
				action: 'test.exported',
				actorEmail: '=cmd|csv',
				entity: 'csvthing',
				entityId: n,
				details: { changes: { note: { from: '', to: `=cmd|${n}` } } },
			})
		const response = await reader.client.get('/admin/audit/export.csv?entity=csvthing')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/)
		const parsed = parseCsv((await response.text()).replace(/^\uFEFF/, ''))
		if (!parsed.ok) throw new Error(`unreadable CSV at line ${parsed.line}`)
		const rows = parsed.records.map((record) => record.fields)
		expect(rows[0]).toEqual(['at', 'event', 'action', 'actor', 'actorEmail', 'entity', 'entityId', 'record', 'changes', 'details', 'ip'])
		expect(rows).toHaveLength(1 + 1_205)
		// Newest first, as the page lists them; a formula is never a formula.
		expect(rows[1]![6]).toBe('1204')
		expect(rows[1]![8]).toBe('note:  → =cmd|1204')
		expect(rows.slice(1).every((row) => row[2] === 'test.exported' && row[4] === "'=cmd|csv")).toBe(true)

		// The page offers the download only to those who may, and the download refuses the others.
		const page = parseHtml(await (await getPage(reader.client, '/admin/audit?entity=csvthing')).text())
		expect(page.querySelector('a[download]')?.getAttribute('href')).toBe('/admin/audit/export.csv?entity=csvthing')
		const refused = await viewer.client.get('/admin/audit/export.csv')
		await refused.text()
		expect(refused.status).toBe(403)
	})

	test('retention: entries older than the retention are purged, a batch at a time, and the purge is itself audited (an injected clock)', async () => {
		const now = Date.now()
		const day = 86_400_000
		const inserted = await getDb()
			.insertInto('audit_log')
			.values(
				Array.from({ length: 300 }, (_, n) => ({
					at: now - (400 + (n % 3)) * day,
					actor_user_id: null,
					actor_email: 'old@example.com',
					action: 'test.ancient',
					entity: 'ancient',
					entity_id: String(n),
					ip: null,
					details: null,
				})),
			)
			.execute()
		expect(inserted).toBeDefined()
		await recordAudit({ action: 'test.recent', entity: 'ancient', entityId: 'recent' })

		// Batches of 100, with the event loop free between them: other work (a request, a timer) runs meanwhile.
		let turns = 0
		let counting = true
		const countTurns = () => {
			turns++
			if (counting) setImmediate(countTurns)
		}
		setImmediate(countTurns)
		expect(await purgeAuditLog({ retentionDays: 365, now, batchSize: 100 })).toBeGreaterThanOrEqual(300)
		counting = false
		expect(turns, 'turns of the event loop while the purge ran').toBeGreaterThanOrEqual(3)
		const left = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'ancient').execute()
		expect(left.map((row) => row.action)).toEqual(['test.recent'])
		const purge = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'actor_email', 'details'])
			.where('action', '=', 'audit.purged')
			.orderBy('id', 'desc')
			.executeTakeFirstOrThrow()
		expect(purge.actor_email).toBe('system')
		expect(JSON.parse(purge.details!)).toMatchObject({ retentionDays: 365, before: new Date(now - 365 * day).toISOString() })
		// Nothing old left: nothing deleted, nothing recorded.
		const purges = async () => (await getDb().selectFrom('audit_log').select('id').where('action', '=', 'audit.purged').execute()).length
		const before = await purges()
		expect(await purgeAuditLog({ retentionDays: 365, now })).toBe(0)
		expect(await purges()).toBe(before)
	})

	test('pages through many entries', async () => {
		for (let n = 0; n < 12; n++) await recordAudit({ action: 'test.paged', entity: 'paged', entityId: n })
		const first = await (await getPage(admin.client, '/admin/audit?entity=paged&size=10')).text()
		expect(actions(first)).toHaveLength(10)
		expect(parseHtml(first).querySelector('a[rel="next"]')).not.toBeNull()
		const second = await (await getPage(admin.client, '/admin/audit?entity=paged&size=10&page=2')).text()
		expect(actions(second)).toHaveLength(2)
	})

	test('a range of days runs from midnight of the first to midnight after the last, in the reader’s zone', () => {
		expect(auditDateRange('2024-01-02', '2024-01-02', 'Asia/Ho_Chi_Minh')).toEqual({
			start: Date.UTC(2024, 0, 1, 17),
			end: Date.UTC(2024, 0, 2, 17),
		})
		// Berlin: 29 March 2026 has 23 hours, 25 October 26; each end is found with its own date's offset.
		expect(auditDateRange('2026-03-29', '2026-03-29', 'Europe/Berlin')).toEqual({
			start: Date.UTC(2026, 2, 28, 23),
			end: Date.UTC(2026, 2, 29, 22),
		})
		expect(auditDateRange('2026-10-25', '2026-10-25', 'Europe/Berlin')).toEqual({
			start: Date.UTC(2026, 9, 24, 22),
			end: Date.UTC(2026, 9, 25, 23),
		})
		expect(auditDateRange('nonsense', undefined, 'Europe/Berlin')).toEqual({ start: null, end: null })
	})

	test('a viewer gets 403', async () => {
		const response = await viewer.client.get('/admin/audit')
		await response.text()
		expect(response.status).toBe(403)
	})
})

describe('the audit log after years of use', () => {
	const sqlite = () => getDatabase().dialect === 'sqlite'
	const state = (filters: Record<string, string>) => ({
		q: '',
		filters,
		sort: 'at' as const,
		dir: 'desc' as const,
		page: 1,
		size: 25 as const,
	})
	const pageOf = (filters: Record<string, string>) =>
		pageIdsQuery(getDatabase().dialect, auditListSource(getDb(), state(filters), 'UTC'), 'desc', 0, 26)

	test('filtered by event or by actor, a page is read newest first through an index of its own, not the whole log', async () => {
		expect(await planOf(pageOf({ action: 'user.created' }))).toMatch(
			sqlite()
				? /^SEARCH audit_log USING (COVERING )?INDEX audit_log_action_at \(action=\?\)$/
				: /Index Scan Backward using audit_log_action_at/,
		)
		expect(await planOf(pageOf({ actor: 'someone@example.com' }))).toMatch(
			sqlite()
				? /^SEARCH audit_log USING (COVERING )?INDEX audit_log_actor_email_at \(actor_email=\?\)$/
				: /Index Scan Backward using audit_log_actor_email_at/,
		)
	})

	test('the choices of events and kinds are every value recorded, found by jumping through the index from one value to the next', async () => {
		await recordAudit({ action: 'test.choice_b', entity: 'choice-kind' })
		await recordAudit({ action: 'test.choice_a', entity: null })
		const { result: choices, statements } = await queriesDuring(() => auditChoices())
		const distinct = async (column: 'action' | 'entity') =>
			(await getDb().selectFrom('audit_log').select(column).distinct().where(column, 'is not', null).orderBy(column).execute()).map(
				(row) => row[column],
			)
		expect(choices.actions).toEqual(await distinct('action'))
		expect(choices.entities).toEqual(await distinct('entity'))
		expect(choices.actions).toEqual(expect.arrayContaining(['test.choice_a', 'test.choice_b']))
		expect(statements).toHaveLength(2)
		for (const text of statements) {
			const plan = await planOf({ compile: () => ({ sql: text, parameters: [500], query: undefined }) } as unknown as Compilable)
			if (sqlite()) {
				const reads = plan.split(' | ').filter((line) => line.includes('audit_log'))
				expect(reads.length, plan).toBeGreaterThan(0)
				for (const line of reads)
					expect(line, 'each read is a jump into the index, none a scan of it').toMatch(/^SEARCH audit_log USING COVERING INDEX/)
			} else {
				expect(plan).toContain('Recursive Union')
				expect(plan).not.toContain('Seq Scan')
			}
		}
	})

	test('a filter matching more entries than the count cap says "more than", without counting them all', async () => {
		const now = Date.now()
		const many = Array.from({ length: COUNT_CAP + 50 }, (_, n) => ({
			at: now - n,
			action: 'test.many',
			actor_email: 'many@example.com',
			entity: null,
			entity_id: null,
			actor_user_id: null,
			ip: null,
			details: null,
		}))
		for (let start = 0; start < many.length; start += 1_000)
			await getDb()
				.insertInto('audit_log')
				.values(many.slice(start, start + 1_000))
				.execute()
		const page = await listAudit(state({ action: 'test.many' }), 'UTC')
		expect(page.rows).toHaveLength(25)
		expect(page.exact).toBe(false)
		expect(page.total).toBe(COUNT_CAP)
		const byActor = await listAudit(state({ actor: 'many@example.com', action: 'test.many' }), 'UTC')
		expect(byActor.exact).toBe(false)
	})
})
