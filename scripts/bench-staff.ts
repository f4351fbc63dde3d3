// The phases of issue 36 point 2 (50,000 staff), run by scripts/bench.ts with its own measuring helpers.
import { DEFAULT_PAGE_SIZE } from '~/lists/list-query'
import type { BenchFacts } from './bench-facts'
import type { BenchRequest } from './bench-load'

interface Session {
	cookie: string
	csrf: string
}

interface Measured {
	name: string
	p95: number
	firstByteMs?: number
	healthzP99?: number
	peakRssMb: number
}

export interface StaffBench {
	base: string
	admin: Session
	facts: BenchFacts['staff']
	phase: (name: string, requests: BenchRequest[]) => Promise<Measured>
	withProbe: (name: string, request: BenchRequest) => Promise<{ entry: Measured }>
	signIn: (email: string) => Promise<Session>
	/** Records a single timed request as a phase of one answer. */
	single: (name: string, elapsedMs: number, status: number) => void
	failures: string[]
}

export interface StaffMeasurements {
	lists: Measured[]
	grantsExport: Measured
	/** The role matrix save for the big role, in ms, and whether a holder's next request saw it. */
	save: { elapsedMs: number; seen: boolean }
}

const page = (path: string, session: Session): BenchRequest => ({ path, headers: { Cookie: session.cookie } })

export async function measureStaff(bench: StaffBench): Promise<StaffMeasurements> {
	const { admin, facts } = bench
	const deepPage = Math.max(1, Math.floor(facts.count / DEFAULT_PAGE_SIZE))
	const members = facts.bigRole.members.toLocaleString('en')
	const lists = [
		await bench.phase('users, first page', [page('/admin/users', admin)]),
		await bench.phase('users, search', [
			page('/admin/users?q=nguyen+van+an', admin),
			page('/admin/users?q=staff-0123', admin),
			page('/admin/users?q=tran+thi+thu+trang', admin),
			page('/admin/users?q=le+ha', admin),
		]),
		await bench.phase('users, sort by last sign-in', [page('/admin/users?sort=lastSignIn&dir=desc', admin)]),
		await bench.phase(`users, page ${deepPage}`, [page(`/admin/users?page=${deepPage}`, admin)]),
		await bench.phase(`role page, ${members} members`, [page(`/admin/roles/${facts.bigRole.id}`, admin)]),
		await bench.phase(`the role's members, first and last page`, [
			page(`/admin/users?role=${facts.bigRole.code}`, admin),
			page(`/admin/users?role=${facts.bigRole.code}&page=${Math.max(1, Math.floor(facts.bigRole.members / DEFAULT_PAGE_SIZE))}`, admin),
		]),
	]
	const { entry: grantsExport } = await bench.withProbe(
		`grants export, ${facts.count.toLocaleString('en')} staff`,
		page('/admin/users/grants.csv', admin),
	)
	return { lists, grantsExport, save: await saveBigRole(bench) }
}

/** Grants the big role one more function through its matrix (one group), timed, and asks as one of its holders. */
async function saveBigRole(bench: StaffBench): Promise<StaffMeasurements['save']> {
	const { base, admin, facts } = bench
	const holder = await bench.signIn(facts.bigRole.holder)
	const ask = async () => {
		const response = await fetch(new URL(facts.addedGrantPath, base), { redirect: 'manual', headers: { Cookie: holder.cookie } })
		await response.arrayBuffer()
		return response.status
	}
	const before = await ask()
	if (before !== 403) bench.failures.push(`before the save, a holder of ${facts.bigRole.code} got ${before} on ${facts.addedGrantPath}`)
	const body = new URLSearchParams({ csrf: admin.csrf, intent: 'grants', group: String(facts.group) })
	for (const grant of [...facts.grants, facts.addedGrant]) body.append('grant', grant)
	const started = performance.now()
	const response = await fetch(new URL(`/admin/roles/${facts.bigRole.id}`, base), {
		method: 'POST',
		redirect: 'manual',
		headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
		body,
	})
	await response.arrayBuffer()
	const elapsedMs = performance.now() - started
	bench.single(`role matrix save, ${facts.bigRole.members.toLocaleString('en')} holders`, elapsedMs, response.status)
	if (response.status !== 302) bench.failures.push(`the role matrix save answered ${response.status}`)
	const after = await ask()
	return { elapsedMs, seen: after === 200 }
}
