import { sql, type Insertable } from 'kysely'
import { recordAudit } from '~/audit/audit.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getDatabase, type DB, type DatabaseHandle } from '~/db/db.server'
import type { StationsTable, ToolsTable } from '~/db/schema'
import { toEmail } from '~/users/email.server'
import { getUserByEmail, setUserRoles } from '~/users/users.server'
import { isUniqueViolation, searchKeys } from './catalog.server'
import { demoStations } from './demo-stations'
import { demoTools } from './demo-tools'

/** Rows per INSERT: well inside both databases' limits on bound parameters. */
const BATCH = 500

export const DEMO_USERS = [
	{
		email: toEmail('operator@example.com'),
		name: 'Nguyễn Văn Vận Hành',
		familyName: 'Nguyễn Văn',
		givenName: 'Vận Hành',
		roles: ['operator'],
	},
	{ email: toEmail('viewer@example.com'), name: 'Trần Thị Xem', familyName: 'Trần Thị', givenName: 'Xem', roles: ['viewer'] },
] as const

export interface SeedOptions {
	stations: number
	tools: number
	/** Deletes every tool and station first. Without it, a database that has catalog data is left alone. */
	reset: boolean
	/** The demo users' password (only used for users that do not exist yet). */
	password: string
}

export type SeedResult =
	{ seeded: false; existingStations: number } | { seeded: true; stations: number; tools: number; usersCreated: string[] }

async function countRows(db: DB, table: 'stations' | 'tools') {
	const row = await db
		.selectFrom(table)
		.select((eb) => eb.fn.countAll<number | string>().as('n'))
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

/** Creates the demo users that are missing (with the given roles) and writes the demo catalogs. */
export async function seedDemo(options: SeedOptions, handle: DatabaseHandle = getDatabase()): Promise<SeedResult> {
	const db = handle.db
	const usersCreated: string[] = []
	for (const demo of DEMO_USERS) {
		let user = await getUserByEmail(demo.email, db)
		if (!user) {
			try {
				user = await getAuthProvider().createAccount({
					email: demo.email,
					password: options.password,
					displayName: demo.name,
					firstName: demo.givenName,
					lastName: demo.familyName,
				})
				usersCreated.push(demo.email)
			} catch (error) {
				// Created meanwhile by a seed running at the same time.
				user = await getUserByEmail(demo.email, db)
				if (!user) throw error
			}
		}
		await setUserRoles(user.id, [...demo.roles])
	}

	const existingStations = await countRows(db, 'stations')
	if (existingStations > 0 && !options.reset) return { seeded: false, existingStations }

	try {
		await writeCatalogs(options, db)
	} catch (error) {
		// Another seed ran at the same time and wrote the same codes first: the data is there.
		if (!options.reset && isUniqueViolation(error)) return { seeded: false, existingStations: await countRows(db, 'stations') }
		throw error
	}
	// Fresh statistics after a bulk load, so the query planners pick the indexes (and, on PostgreSQL,
	// a visibility map, so counts can be index-only scans).
	await (handle.dialect === 'postgres' ? sql`vacuum analyze stations, tools` : sql`analyze`).execute(db)
	return { seeded: true, stations: options.stations, tools: options.tools, usersCreated }
}

async function writeCatalogs(options: SeedOptions, db: DB) {
	await db.transaction().execute(async (trx) => {
		if (options.reset) {
			await trx.deleteFrom('tools').execute()
			await trx.deleteFrom('stations').execute()
		}
		const stationIds: number[] = []
		let batch: Insertable<StationsTable>[] = []
		const flushStations = async () => {
			if (batch.length === 0) return
			const rows = await trx.insertInto('stations').values(batch).returning('id').execute()
			for (const row of rows) stationIds.push(row.id)
			batch = []
		}
		for (const station of demoStations(options.stations)) {
			batch.push({
				code: station.code,
				name: station.name,
				...searchKeys(station.name, station.code),
				type: station.type,
				province: station.province,
				address: station.address,
				latitude_e6: station.latitudeE6,
				longitude_e6: station.longitudeE6,
				status: station.status,
				commissioned_at: station.commissionedAt,
				note: station.note,
				created_by: null,
				created_at: station.at,
				updated_by: null,
				updated_at: station.at,
				version: 1,
			})
			if (batch.length === BATCH) await flushStations()
		}
		await flushStations()

		let tools: Insertable<ToolsTable>[] = []
		const flushTools = async () => {
			if (tools.length === 0) return
			await trx.insertInto('tools').values(tools).execute()
			tools = []
		}
		for (const tool of demoTools(options.tools, stationIds.length)) {
			tools.push({
				code: tool.code,
				name: tool.name,
				...searchKeys(tool.name, tool.code, tool.serialNumber),
				category: tool.category,
				serial_number: tool.serialNumber,
				station_id: tool.stationIndex === null ? null : stationIds[tool.stationIndex - 1]!,
				status: tool.status,
				quantity: tool.quantity,
				unit: tool.unit,
				purchase_date: tool.purchaseDate,
				value_minor: tool.valueMinor,
				note: tool.note,
				created_by: null,
				created_at: tool.at,
				updated_by: null,
				updated_at: tool.at,
				version: 1,
			})
			if (tools.length === BATCH) await flushTools()
		}
		await flushTools()
		await recordAudit(
			{
				action: 'catalog.demo_seeded',
				actorEmail: 'cli',
				entity: 'catalog',
				details: { stations: options.stations, tools: options.tools, reset: options.reset },
			},
			trx,
		)
	})
}
