import { recordAudit, recordAudits, type Actor } from '~/audit/audit.server'
import { getDatabase, type DB } from '~/db/db.server'
import { getClientIp } from '~/utils/logger.server'
import { changedFields, isForeignKeyViolation, isUniqueViolation, writeTransaction, type FieldChanges } from './catalog.server'
import { countLines, CsvSyntaxError, csvRecords, restoreFormula, type CsvRecord, type RowError } from './csv'
import type { Existing, ImportAdapter } from './csv-import-adapter.server'
import { failed, issuesToErrors, RowErrors, type ImportReport } from './csv-import-report.server'
import { queriedTable } from './engine/listing.server'
import { EVERYWHERE, type ProvinceScope } from '~/permissions/scope'

/** Codes looked up per query (well inside both databases' limits on bound parameters). */
const LOOKUP_CHUNK = 500
/** Rows validated and written per step; the event loop takes a turn between steps (a step of 250 rows takes 20–40 ms). */
const STEP_ROWS = 250

class RollBack extends Error {
	constructor(readonly report: ImportReport) {
		super('import rolled back')
	}
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The next `size` records, or fewer at the end of the file; an unterminated quote rolls the import back. */
function takeRecords(records: Iterator<CsvRecord>, size: number, rowsSoFar: number): CsvRecord[] {
	const taken: CsvRecord[] = []
	try {
		while (taken.length < size) {
			const next = records.next()
			if (next.done) break
			taken.push(next.value)
		}
	} catch (error) {
		if (error instanceof CsvSyntaxError)
			throw new RollBack(failed(rowsSoFar + taken.length, null, { key: 'csv.errors.unterminatedQuote', values: { line: error.line } }))
		throw error
	}
	return taken
}

export interface ImportProgress {
	/** Rows read so far, and the share of the file's characters they cover (0–1). */
	rows: number
	fraction: number
}

/**
 * Validates every row of the file (UTF-8 bytes) and writes them in one transaction, all or nothing (a row
 * outside the importer's `scope`, as stored or as written, is a row error): rows whose code
 * exists update that record (refused when the file's `version` is not the record's, or is missing), the others
 * are created, unchanged rows are left alone. Each write is audited with its changes, and the import as
 * a whole once more.
 *
 * The file is read a step of STEP_ROWS rows at a time, each step checked and written before the next is
 * read, with a turn of the event loop between steps: memory holds one step (and the codes seen, to find
 * duplicates), and other requests are answered while a large file is imported. After the first problem
 * nothing more is written, but every row is still checked, so one report lists every problem; the
 * transaction is then rolled back.
 */
export async function importCsv<Input extends { code: string; version: number | null }, Row extends Existing>(
	file: Uint8Array,
	adapter: ImportAdapter<Input, Row>,
	actor: Actor,
	fileName: string,
	db: DB = getDatabase().db,
	onProgress?: (progress: ImportProgress) => void,
	scope: ProvinceScope = EVERYWHERE,
): Promise<ImportReport> {
	const records = csvRecords(file)
	let header: CsvRecord | undefined
	try {
		header = takeRecords(records, 1, 0)[0]
	} catch (error) {
		if (error instanceof RollBack) return error.report
		throw error
	}
	if (!header) return failed(0, null, { key: 'csv.errors.empty' })

	// The header names the columns, in any order and case; every column but `version` is required.
	const names = header.fields.map((name) => name.trim())
	const known = new Map(adapter.columns.map((column) => [column.toLowerCase(), column]))
	const unknown = names.filter((name) => !known.has(name.toLowerCase()))
	const missing = adapter.columns.filter(
		(column) => column !== 'version' && !names.some((name) => name.toLowerCase() === column.toLowerCase()),
	)
	if (unknown.length > 0 || missing.length > 0) {
		return failed(0, null, {
			key: 'csv.errors.header',
			values: { expected: adapter.columns.join(', '), missing: missing.join(', ') || '—', unknown: unknown.join(', ') || '—' },
		})
	}
	const columnOf = names.map((name) => known.get(name.toLowerCase())!)
	const table = queriedTable(adapter.table)
	const firstLineOfCode = new Map<string, number>()
	const errors = new RowErrors()
	const totals = { rows: 0, created: 0, updated: 0, unchanged: 0 }

	/** Checks one step's records; writes them when nothing has failed so far. */
	async function step(trx: DB, batch: CsvRecord[], now: number, ip: string | null) {
		const schema = await adapter.schema(trx)
		const stepErrors: RowError[] = []
		const valid: { line: number; input: Input }[] = []
		for (const record of batch) {
			if (record.fields.length !== names.length) {
				stepErrors.push({
					line: record.line,
					column: null,
					error: { key: 'csv.errors.fieldCount', values: { expected: names.length, actual: record.fields.length } },
				})
				continue
			}
			const values: Record<string, string> = {}
			record.fields.forEach((field, index) => (values[columnOf[index]!] = restoreFormula(field)))
			const result = schema.safeParse(values)
			if (!result.success) {
				stepErrors.push(...issuesToErrors(record.line, result.error.issues))
				continue
			}
			const earlier = firstLineOfCode.get(result.data.code)
			if (earlier !== undefined) {
				stepErrors.push({ line: record.line, column: 'code', error: { key: 'csv.errors.duplicateCode', values: { line: earlier } } })
				continue
			}
			firstLineOfCode.set(result.data.code, record.line)
			valid.push({ line: record.line, input: result.data })
		}
		if (adapter.resolve) stepErrors.push(...(await adapter.resolve(valid, trx)))

		// The checks against the stored records run (and report) even when rows failed already.
		const existing = new Map<string, Row>()
		const codes = valid.map((row) => row.input.code)
		for (let start = 0; start < codes.length; start += LOOKUP_CHUNK) {
			let lookup = trx
				.selectFrom(table)
				.selectAll()
				.where('code', 'in', codes.slice(start, start + LOOKUP_CHUNK))
			if (adapter.partition) lookup = lookup.where(adapter.partition.column as 'code', '=', adapter.partition.value)
			const rows = (await lookup.execute()) as unknown as Row[]
			for (const row of rows) existing.set(row.code, row)
		}
		if (scope !== null && adapter.outsideScope) {
			const rejected = new Set(stepErrors.map((error) => error.line))
			const placed = valid
				.filter(({ line }) => !rejected.has(line))
				.map(({ line, input }) => {
					const current = existing.get(input.code) ?? null
					return { line, current, merged: adapter.merged(current, input) }
				})
			stepErrors.push(...(await adapter.outsideScope(placed, scope, trx)))
		}
		const rejectedLines = new Set(stepErrors.map((error) => error.line))
		const creates: { input: Input; values: Record<string, string> }[] = []
		const updates: { current: Row; input: Input; changes: FieldChanges }[] = []
		let unchanged = 0
		for (const { line, input } of valid) {
			if (rejectedLines.has(line)) continue
			const current = existing.get(input.code)
			if (!current) {
				creates.push({ input, values: adapter.formValues(adapter.merged(null, input)) })
				continue
			}
			// Without the version it was exported at, a row cannot tell whether it is older than the record:
			// it would overwrite whatever changed since. A missing, zero or malformed version is refused.
			if (input.version === null) {
				stepErrors.push({ line, column: 'version', error: { key: 'csv.errors.versionRequired', values: { code: input.code } } })
				continue
			}
			if (input.version !== current.version) {
				stepErrors.push({
					line,
					column: 'version',
					error: { key: 'csv.errors.staleVersion', values: { version: input.version, current: current.version } },
				})
				continue
			}
			const changes = changedFields(adapter.formValues(current), adapter.formValues(adapter.merged(current, input)))
			if (Object.keys(changes).length === 0) unchanged++
			else updates.push({ current, input, changes })
		}
		errors.add(stepErrors)
		if (errors.count > 0) return

		const audits: { id: number; code: string; action: string; changes: FieldChanges }[] = []
		for (let start = 0; start < creates.length; start += LOOKUP_CHUNK) {
			const chunk = creates.slice(start, start + LOOKUP_CHUNK)
			const inserted = (await trx
				.insertInto(table)
				.values(chunk.map(({ input }) => adapter.insertValues(input, actor, now)) as never)
				.returning(['id', 'code'])
				.execute()) as { id: number; code: string }[]
			const idOf = new Map(inserted.map((row) => [row.code, row.id]))
			for (const { input, values } of chunk) {
				audits.push({
					id: idOf.get(input.code)!,
					code: input.code,
					action: `${adapter.entity}.created`,
					changes: changedFields(null, values),
				})
			}
		}
		for (const { current, input, changes } of updates) {
			const result = await trx
				.updateTable(table)
				.set(adapter.updateValues(input, actor, now, current.version + 1) as never)
				.where('id', '=', current.id)
				.where('version', '=', current.version)
				.executeTakeFirst()
			if (Number(result.numUpdatedRows) !== 1) throw new RollBack(failed(totals.rows, null, { key: 'csv.errors.concurrentChange' }))
			audits.push({ id: current.id, code: input.code, action: `${adapter.entity}.updated`, changes })
		}
		await recordAudits(
			audits.map((entry) => ({
				action: entry.action,
				actor,
				entity: adapter.entity,
				entityId: entry.id,
				ip,
				details: { code: entry.code, changes: entry.changes, source: 'import' },
			})),
			now,
			trx,
		)
		totals.created += creates.length
		totals.updated += updates.length
		totals.unchanged += unchanged
	}

	try {
		return await writeTransaction(
			db,
			async (trx) => {
				const now = Date.now()
				const ip = getClientIp()
				const lines = countLines(file)
				for (;;) {
					const batch = takeRecords(records, STEP_ROWS, totals.rows)
					if (batch.length === 0) break
					totals.rows += batch.length
					await step(trx, batch, now, ip)
					onProgress?.({ rows: totals.rows, fraction: Math.min(1, batch.at(-1)!.line / lines) })
					await nextTurn()
				}
				if (totals.rows === 0) throw new RollBack(failed(0, null, { key: 'csv.errors.noRows' }))
				if (errors.count > 0) throw new RollBack(failed(totals.rows, errors))
				const report = {
					ok: true,
					rows: totals.rows,
					created: totals.created,
					updated: totals.updated,
					unchanged: totals.unchanged,
				} as const
				await recordAudit(
					{
						action: `${adapter.entity}.imported`,
						actor,
						entity: adapter.entity,
						ip,
						details: {
							file: fileName.slice(0, 200),
							rows: report.rows,
							created: report.created,
							updated: report.updated,
							unchanged: report.unchanged,
						},
					},
					trx,
				)
				return report
			},
			{ large: true },
		)
	} catch (error) {
		if (error instanceof RollBack) return error.report
		// Another writer took one of the new codes, or deleted a station the file names, meanwhile:
		// nothing was written.
		if (isUniqueViolation(error) || isForeignKeyViolation(error)) return failed(totals.rows, null, { key: 'csv.errors.concurrentChange' })
		throw error
	}
}
