// Prepares the benchmark database through the app's own modules (run by scripts/bench.ts with its
// environment): migrations, built-ins, the administrator, the demo catalogs (BENCH_STATIONS stations and
// BENCH_TOOLS tools), an operator, an operator in two provinces, a user granted 2,000 functions, and
// BENCH_USERS demo staff over 40 roles (db:seed-demo --users), and BENCH_AUDIT audit entries over two years.
import fs from 'node:fs'
import path from 'node:path'
import { localProvider } from '~/auth/local-provider.server'
import { ensureAdministrator } from '~/bootstrap.server'
import { seedDemo } from '~/catalogs/seed.server'
import { sql } from 'kysely'
import { getDatabase, getDb, migrateToLatest } from '~/db/db.server'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { toEmail } from '~/users/email.server'
import { seedDemoStaff } from '~/users/demo-staff.server'
import { demoStaffRoleCode } from '~/users/demo-staff'
import { setUserRoles } from '~/users/users.server'
import { fillAuditLog } from './bench-audit'
import { BENCH_FACTS, type BenchFacts } from './bench-facts'

await migrateToLatest()
await ensureBuiltins()
await ensureAdministrator()
const db = getDb()
const now = Date.now()
const role = await db
	.insertInto('roles')
	.values({
		code: 'bench_wide',
		name: 'Bench: 2,000 functions',
		description: '',
		is_builtin: 0,
		all_access: 0,
		created_at: now,
		updated_at: now,
	})
	.returning('id')
	.executeTakeFirstOrThrow()
const ids: number[] = []
for (let group = 0; group < 40; group++) {
	const parent = await db
		.insertInto('functions')
		.values({
			code: `BENCH_${group}`,
			parent_id: null,
			sort_order: 1000 + group,
			label_key: null,
			labels: JSON.stringify({ vn: `Nhóm ${group}`, en: `Group ${group}` }),
			icon: 'bx-grid',
			path: null,
			param: null,
			is_title: 0,
			is_hidden: 0,
			badge_text: null,
			badge_variant: null,
			enabled: 1,
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	ids.push(parent.id)
	const children = await db
		.insertInto('functions')
		.values(
			Array.from({ length: 49 }, (_, index) => ({
				code: `BENCH_${group}_${index}`,
				parent_id: parent.id,
				sort_order: index,
				label_key: null,
				labels: JSON.stringify({ vn: `Chức năng ${group}.${index}` }),
				icon: 'bx-file',
				path: `/bench/${group}/${index}`,
				param: null,
				is_title: 0,
				is_hidden: 0,
				badge_text: null,
				badge_variant: null,
				enabled: 1,
				created_at: now,
				updated_at: now,
			})),
		)
		.returning('id')
		.execute()
	ids.push(...children.map((row) => row.id))
}
for (let start = 0; start < ids.length; start += 500) {
	await db
		.insertInto('role_grants')
		.values(ids.slice(start, start + 500).map((id) => ({ role_id: role.id, function_id: id, action: 'view' })))
		.execute()
}
const password = process.env.BENCH_PASSWORD!
const user = await localProvider.createAccount({ email: toEmail('bench-wide@example.com'), password, displayName: 'Bench' })
// The viewer role too, for the dashboard: the 2,000 functions come on top of a real user's grants.
await setUserRoles(user.id, ['bench_wide', 'viewer'])
const operator = await localProvider.createAccount({
	email: toEmail('bench-operator@example.com'),
	password,
	displayName: 'Nguyễn Văn Vận Hành',
})
await setUserRoles(operator.id, ['operator'])
// An operator in two provinces (regional scope, decision 0052): the same pages within their scope.
const scopedProvinces = ['an-giang', 'can-tho'] as const
const scoped = await localProvider.createAccount({ email: toEmail('bench-scoped@example.com'), password, displayName: 'Trần Thị Hai Tỉnh' })
await setUserRoles(scoped.id, ['operator'], undefined, { scopes: new Map([['operator', [...scopedProvinces]]]) })
await seedDemo({ stations: Number(process.env.BENCH_STATIONS), tools: Number(process.env.BENCH_TOOLS), reset: false, password })
// What the bench needs to know of the data it did not choose: how many stations the scoped operator sees.
const inScope = await db
	.selectFrom('stations')
	.select((eb) => eb.fn.countAll<number | string>().as('n'))
	.where('province', 'in', scopedProvinces)
	.executeTakeFirstOrThrow()
const staffCount = Number(process.env.BENCH_USERS)
await seedDemoStaff({ count: staffCount, password })
const bigRole = await db
	.selectFrom('roles')
	.innerJoin('user_roles', 'user_roles.role_id', 'roles.id')
	.innerJoin('users', 'users.id', 'user_roles.user_id')
	.select([
		'roles.id',
		'roles.code',
		(eb) => eb.fn.countAll<number | string>().as('members'),
		(eb) => eb.fn.min('users.email').as('holder'),
	])
	.where('roles.code', '=', demoStaffRoleCode(0))
	.groupBy(['roles.id', 'roles.code'])
	.executeTakeFirstOrThrow()
// The matrix is saved one function group at a time (decision 0073): the administration's, QUANTRI.
const audit = await db.selectFrom('functions').select(['id', 'parent_id']).where('code', '=', 'QUANTRI_AUDIT').executeTakeFirstOrThrow()
const group = Number(audit.parent_id)
const grants = await db
	.selectFrom('role_grants')
	.innerJoin('functions', 'functions.id', 'role_grants.function_id')
	.select(['role_grants.function_id', 'role_grants.action'])
	.where('role_grants.role_id', '=', bigRole.id)
	.where((eb) => eb.or([eb('functions.id', '=', group), eb('functions.parent_id', '=', group)]))
	.execute()
const auditCount = Number(process.env.BENCH_AUDIT)
const auditStarted = Date.now()
await fillAuditLog(getDatabase(), {
	count: auditCount,
	staff: staffCount,
	stations: Number(process.env.BENCH_STATIONS),
	tools: Number(process.env.BENCH_TOOLS),
	now,
})
console.log(`${auditCount.toLocaleString('en')} audit entries written in ${((Date.now() - auditStarted) / 1000).toFixed(0)} s.`)
const firstStation = await db.selectFrom('stations').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
const facts: BenchFacts = {
	scopedStations: Number(inScope.n),
	audit: { count: auditCount, now, stationId: firstStation.id },
	staff: {
		count: staffCount,
		bigRole: { id: bigRole.id, code: bigRole.code, members: Number(bigRole.members), holder: String(bigRole.holder) },
		group,
		grants: grants.map((grant) => `${grant.function_id}:${grant.action}`),
		addedGrant: `${audit.id}:view`,
		addedGrantPath: '/admin/audit',
	},
}
fs.writeFileSync(path.join(process.env.DATA_DIR!, BENCH_FACTS), JSON.stringify(facts))
if (getDatabase().dialect === 'postgres') {
	// The throwaway cluster runs with synchronous_commit=off: until its WAL is flushed, VACUUM may not mark
	// the freshly loaded pages all-visible, and index-only scans then read the table too. A production
	// database reaches that state by itself (autovacuum after the bulk load); the bench starts from it.
	await sql`checkpoint`.execute(db)
	await sql`vacuum analyze`.execute(db)
} else {
	await sql`analyze`.execute(db)
}
await getDatabase().close()
