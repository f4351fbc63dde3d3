// The brief's budgets, checked against the phases `npm run bench` measured (not in the quick run).
import type { BenchFacts } from './bench-facts'
import type { Phase } from './bench-phase'
import type { PurgeMeasured } from './bench-purge'
import type { StaffMeasurements } from './bench-staff'

export type Check = (name: string, value: string, budget: string, ok: boolean) => void

export interface Measured {
	database: 'sqlite' | 'postgres'
	facts: BenchFacts
	phases: Phase[]
	signInPage: Phase
	dashboards: Record<'admin' | 'operator' | 'scoped' | 'wide', Phase>
	staticFile: Phase
	menu: { few: Phase; wide: Phase }
	lists: Record<
		| 'first'
		| 'deep'
		| 'search'
		| 'toolsFirst'
		| 'toolsDeep'
		| 'toolsSearch'
		| 'scopedFirst'
		| 'scopedDeep'
		| 'scopedSearch'
		| 'scopedTools',
		Phase
	>
	exported: { entry: Phase }
	imported: { entry: Phase }
	staffMeasured: StaffMeasurements
	audit: Phase[]
	monthExport: Phase
}

export function checkBudgets(
	{
		database,
		facts,
		phases,
		signInPage,
		dashboards,
		staticFile,
		menu,
		lists,
		exported,
		imported,
		staffMeasured,
		audit,
		monthExport,
	}: Measured,
	check: Check,
) {
	for (const entry of audit) check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, '≤ 60 ms', entry.p95 <= 60)
	checkFirstByte(monthExport, check)
	checkHealthBeside(monthExport, check)
	for (const entry of staffMeasured.lists) check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, '≤ 40 ms', entry.p95 <= 40)
	const grantsExport = staffMeasured.grantsExport
	for (const entry of [grantsExport, exported.entry, imported.entry]) {
		checkFirstByte(entry, check)
		checkHealthBeside(entry, check)
		check(`${entry.name}: RSS`, `${entry.peakRssMb.toFixed(0)} MB`, '≤ 250 MB', entry.peakRssMb <= 250)
	}
	const { save } = staffMeasured
	check(
		`role matrix save, ${facts.staff.bigRole.members.toLocaleString('en')} holders`,
		`${save.elapsedMs.toFixed(0)} ms`,
		'≤ 1,000 ms',
		save.elapsedMs <= 1000,
	)
	check('a holder’s next request after the save', save.seen ? 'sees the new grant' : 'does not see it', 'sees it', save.seen)
	const ratio = (a: Phase, b: Phase) => a.rps / b.rps
	for (const [who, entry] of Object.entries(dashboards)) {
		const share = ratio(entry, signInPage)
		check(
			`dashboard (${who}) vs sign-in page`,
			`${(share * 100).toFixed(0)} % (${entry.rps.toFixed(0)} / ${signInPage.rps.toFixed(0)} req/s)`,
			'≥ 50 %',
			share >= 0.5,
		)
	}
	check('static asset vs sign-in page', `${ratio(staticFile, signInPage).toFixed(1)}×`, '≥ 5×', ratio(staticFile, signInPage) >= 5)
	check('menu API p95, 2,000 functions', `${menu.wide.p95.toFixed(1)} ms`, '≤ 5 ms', menu.wide.p95 <= 5)
	const listBudget = database === 'sqlite' ? 25 : 40
	for (const entry of [lists.first, lists.deep, lists.search, lists.scopedFirst, lists.scopedDeep, lists.scopedSearch])
		check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, `≤ ${listBudget} ms`, entry.p95 <= listBudget)
	for (const entry of [lists.toolsFirst, lists.toolsDeep, lists.toolsSearch, lists.scopedTools])
		check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, '≤ 60 ms', entry.p95 <= 60)
	const steady = phases.filter((entry) => entry.firstByteMs === undefined)
	const worst = steady.reduce((a, b) => (b.peakRssMb > a.peakRssMb ? b : a))
	check('RSS during every other phase', `${worst.peakRssMb.toFixed(0)} MB (${worst.name})`, '≤ 200 MB', worst.peakRssMb <= 200)
	const thin = phases.filter((entry) => entry.firstByteMs === undefined && entry.requests > 1 && entry.requests < 2_000)
	check(
		'requests behind every p95',
		thin.length === 0 ? '≥ 2,000' : thin.map((entry) => `${entry.name}: ${entry.requests}`).join('; '),
		'≥ 2,000',
		thin.length === 0,
	)
}

export function checkPurge({ entry, deleted, expected }: PurgeMeasured, check: Check) {
	check(
		'audit purge: the expired entries',
		`${deleted.toLocaleString('en')} deleted`,
		`≥ ${Math.floor(expected * 0.99).toLocaleString('en')}`,
		deleted >= expected * 0.99,
	)
	checkHealthBeside(entry, check)
}

/** A download or upload answers its first byte within 250 ms. */
function checkFirstByte(entry: Pick<Phase, 'name' | 'firstByteMs'>, check: Check) {
	check(`${entry.name}: first byte`, `${entry.firstByteMs?.toFixed(0)} ms`, '≤ 250 ms', (entry.firstByteMs ?? Infinity) <= 250)
}

/** While a long piece of work runs, `/healthz` probed beside it answers within 100 ms (p99). */
function checkHealthBeside(entry: Pick<Phase, 'name' | 'healthzP99'>, check: Check) {
	check(`${entry.name}: /healthz p99`, `${entry.healthzP99?.toFixed(1)} ms`, '≤ 100 ms', (entry.healthzP99 ?? Infinity) <= 100)
}
