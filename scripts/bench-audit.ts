// The audit log of issue 36 point 3: ten million entries over two years (scripts/bench-setup.ts writes them
// with one statement per million), and the phases scripts/bench.ts measures on them.
import { sql } from 'kysely'
import type { DatabaseHandle } from '~/db/db.server'
import { demoStaffEmail } from '~/users/demo-staff'
import type { BenchRequest } from './bench-load'

const DAY_MS = 24 * 60 * 60 * 1000
export const AUDIT_SPAN_DAYS = 730
const CHUNK = 1_000_000

/**
 * One entry in twenty of each kind below: sign-ins dominate, as in a real log; edits name a station or a
 * tool; every entry has an actor among the demo staff and a date spread evenly over the span.
 */
const EVENTS = [
	...Array.from({ length: 12 }, () => ['auth.sign_in', null] as const),
	['auth.sign_out', null],
	['auth.sign_in_failed', null],
	['station.updated', 'station'],
	['station.updated', 'station'],
	['tool.updated', 'tool'],
	['tool.updated', 'tool'],
	['tool.created', 'tool'],
	['user.profile_updated', 'user'],
] as const

export interface AuditFill {
	count: number
	staff: number
	stations: number
	tools: number
	now: number
}

/** Writes `count` entries ending at `now`, in chunks of a million so neither database holds one huge statement. */
export async function fillAuditLog(handle: DatabaseHandle, { count, staff, stations, tools, now }: AuditFill) {
	const start = now - AUDIT_SPAN_DAYS * DAY_MS
	const step = (AUDIT_SPAN_DAYS * DAY_MS) / Math.max(1, count)
	const kinds = EVENTS.length
	const action = sql.join(
		EVENTS.map(([event], index) => sql`when ${sql.lit(index)} then ${sql.lit(event)}`),
		sql` `,
	)
	const entity = sql.join(
		EVENTS.map(([, kind], index) => sql`when ${sql.lit(index)} then ${kind === null ? sql`null` : sql.lit(kind)}`),
		sql` `,
	)
	const postgres = handle.dialect === 'postgres'
	for (let from = 0; from < count; from += CHUNK) {
		const to = Math.min(count, from + CHUNK) - 1
		const numbers = postgres
			? sql`select generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) as i`
			: sql`with recursive n(i) as (select ${sql.lit(from)} union all select i + 1 from n where i < ${sql.lit(to)}) select i from n`
		const kind = sql`(i % ${sql.lit(kinds)})`
		const actorNumber = sql`(1 + (i * 7919) % ${sql.lit(Math.max(1, staff))})`
		const actor = postgres
			? sql`'staff-' || lpad(${actorNumber}::text, 5, '0') || '@example.com'`
			: sql`'staff-' || printf('%05d', ${actorNumber}) || '@example.com'`
		const recordId = sql`case when ${kind} in (14, 15) then 1 + (i * 31) % ${sql.lit(Math.max(1, stations))} when ${kind} = 19 then 1 + i % ${sql.lit(Math.max(1, staff))} else 1 + (i * 37) % ${sql.lit(Math.max(1, tools))} end`
		const entityId = postgres ? sql`(${recordId})::text` : sql`cast(${recordId} as text)`
		await sql`insert into audit_log (at, actor_user_id, actor_email, action, entity, entity_id, ip, details)
			select ${sql.lit(Math.round(start))} + cast(i * ${sql.lit(step)} as bigint), null, ${actor},
				case ${kind} ${action} end,
				case ${kind} ${entity} end,
				case when (case ${kind} ${entity} end) is null then null else ${entityId} end,
				'10.20.' || (i % 250) || '.' || (i % 199), null
			from (${numbers}) as numbers`.execute(handle.db)
	}
}

const page = (path: string, cookie: string): BenchRequest => ({ path, headers: { Cookie: cookie } })

/** The requests of each audit phase: the log's pages as an administrator opens them, and a record's history. */
export function auditPhases({ cookie, now, staff, stationId }: { cookie: string; now: number; staff: number; stationId: number }) {
	const day = (offset: number) => new Date(now - offset * DAY_MS).toISOString().slice(0, 10)
	const actor = (n: number) => encodeURIComponent(demoStaffEmail(1 + (n % Math.max(1, staff))))
	return {
		first: [page('/admin/audit', cookie)],
		actor: [page(`/admin/audit?actor=${actor(42)}`, cookie), page(`/admin/audit?actor=${actor(4242)}`, cookie)],
		event: [
			page('/admin/audit?action=station.updated', cookie),
			page('/admin/audit?action=auth.sign_in_failed', cookie),
			page('/admin/audit?action=user.profile_updated', cookie),
		],
		record: [page(`/admin/audit?entity=station&target=${stationId}`, cookie)],
		range: [page(`/admin/audit?from=${day(400)}&to=${day(370)}`, cookie), page(`/admin/audit?from=${day(30)}&to=${day(0)}`, cookie)],
		history: [page(`/danhmuc/tram/${stationId}`, cookie)],
		monthExport: page(`/admin/audit/export.csv?from=${day(200)}&to=${day(170)}`, cookie),
	}
}
