import { randomGenerator } from '~/catalogs/demo-random'
import { PROVINCES, type ProvinceCode } from '~/catalogs/provinces'

/**
 * Demo staff for volume (`db:seed-demo --users N`): the same people on every run, spread over
 * DEMO_STAFF_ROLES roles the way an organisation's are, one big role, many small ones, some regional.
 * Pure: app/users/demo-staff.server.ts writes what these functions produce.
 */

export const DEMO_STAFF_ROLE_COUNT = 40

/** Two staff in five hold the first role: with 50,000 staff, a role of 20,000 members. */
const FIRST_ROLE_SHARE = 0.4
/** One assignment in four is limited to one to three provinces (regional scope, decision 0052). */
const SCOPED_SHARE = 0.25
/** One in ten has never signed in; the others did within the last 400 days. */
const NEVER_SIGNED_IN_SHARE = 0.1
const SIGN_IN_HISTORY_DAYS = 400
const DAY_MS = 24 * 60 * 60 * 1000

const FAMILY_NAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý']
const MIDDLE_NAMES = ['Văn', 'Thị', 'Hữu', 'Đức', 'Minh', 'Thanh', 'Ngọc', 'Quốc', 'Thu', 'Gia', 'Xuân', 'Hoài']
const GIVEN_NAMES = [
	'An',
	'Bình',
	'Châu',
	'Dũng',
	'Giang',
	'Hà',
	'Hải',
	'Hạnh',
	'Hiếu',
	'Hòa',
	'Hùng',
	'Hương',
	'Khánh',
	'Lan',
	'Linh',
	'Long',
	'Mai',
	'Nam',
	'Nga',
	'Nhung',
	'Phong',
	'Phúc',
	'Quân',
	'Quỳnh',
	'Sơn',
	'Tâm',
	'Thảo',
	'Thắng',
	'Trang',
	'Trung',
	'Tuấn',
	'Vy',
]
const TEAMS = ['Vận hành', 'Bảo trì', 'Kỹ thuật', 'Kho vận', 'Giám sát', 'An toàn', 'Đo kiểm', 'Hỗ trợ']

export interface DemoStaffRole {
	code: string
	name: string
	description: string
	/** Built-in function codes and the actions the role grants on them. */
	grants: readonly { functionCode: string; action: 'view' | 'create' | 'update' | 'delete' | 'export' | 'import' }[]
}

export interface DemoStaffMember {
	email: string
	firstName: string
	lastName: string
	displayName: string
	/** Epoch ms; 0 for never. */
	lastSignInAt: number
	assignments: readonly { roleCode: string; provinces: readonly ProvinceCode[] }[]
}

export function demoStaffRoleCode(index: number) {
	return `staff_${String(index + 1).padStart(2, '0')}`
}

/** Every role views the dashboard and the catalogs; one in three also edits stations, one in five tools. */
export function demoStaffRoles(): DemoStaffRole[] {
	return Array.from({ length: DEMO_STAFF_ROLE_COUNT }, (_, index) => {
		const team = TEAMS[index % TEAMS.length]!
		const grants: DemoStaffRole['grants'][number][] = [
			{ functionCode: 'DASHBOARD', action: 'view' },
			{ functionCode: 'DANHMUC_TRAM', action: 'view' },
			{ functionCode: 'CONGCU_LIST', action: 'view' },
		]
		if (index % 3 === 0) grants.push({ functionCode: 'DANHMUC_TRAM', action: 'update' }, { functionCode: 'DANHMUC_TRAM', action: 'export' })
		if (index % 5 === 0) grants.push({ functionCode: 'CONGCU_LIST', action: 'create' }, { functionCode: 'CONGCU_LIST', action: 'update' })
		return {
			code: demoStaffRoleCode(index),
			name: `${team} ${String(index + 1).padStart(2, '0')}`,
			description: `Nhóm nhân viên ${team.toLocaleLowerCase('vi')} (dữ liệu mẫu)`,
			grants,
		}
	})
}

export function demoStaffEmail(number: number) {
	return `staff-${String(number).padStart(5, '0')}@example.com`
}

/** Staff numbers 1…count; `now` fixes the sign-in history so a run is the same on every machine. */
export function* demoStaff(count: number, now: number): Generator<DemoStaffMember> {
	const random = randomGenerator(50_000)
	for (let number = 1; number <= count; number++) {
		const lastName = `${random.pick(FAMILY_NAMES)} ${random.pick(MIDDLE_NAMES)}`
		const firstName = random.pick(GIVEN_NAMES)
		const roleIndexes = new Set<number>()
		if (random.next() < FIRST_ROLE_SHARE) roleIndexes.add(0)
		roleIndexes.add(random.int(1, DEMO_STAFF_ROLE_COUNT - 1))
		const assignments = [...roleIndexes].map((index) => ({
			roleCode: demoStaffRoleCode(index),
			provinces: random.next() < SCOPED_SHARE ? pickProvinces(random, random.int(1, 3)) : [],
		}))
		const lastSignInAt = random.next() < NEVER_SIGNED_IN_SHARE ? 0 : now - Math.floor(random.next() * SIGN_IN_HISTORY_DAYS * DAY_MS)
		yield { email: demoStaffEmail(number), firstName, lastName, displayName: `${lastName} ${firstName}`, lastSignInAt, assignments }
	}
}

function pickProvinces(random: ReturnType<typeof randomGenerator>, count: number): ProvinceCode[] {
	const chosen = new Set<ProvinceCode>()
	while (chosen.size < count) chosen.add(random.pick(PROVINCES).code)
	return [...chosen].sort()
}
