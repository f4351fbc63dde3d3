import type { z } from 'zod'
import type { FieldError } from '~/utils/form.server'
import type { RowError } from './csv'

/** What an import answers: its counts, or why nothing was written (the file, or its rows' errors). */

/** Row errors listed in the report; the rest are counted. */
export const MAX_REPORTED_ERRORS = 200

export type ImportReport =
	| { ok: true; rows: number; created: number; updated: number; unchanged: number }
	| { ok: false; rows: number; fileError: FieldError | null; rowErrors: RowError[]; moreErrors: number }

export function issuesToErrors(line: number, issues: readonly z.core.$ZodIssue[]): RowError[] {
	const seen = new Set<string>()
	const errors: RowError[] = []
	for (const problem of issues) {
		const column = problem.path.length > 0 ? String(problem.path[0]) : null
		if (seen.has(String(column))) continue
		seen.add(String(column))
		let error: FieldError = { key: problem.message }
		if (problem.message.startsWith('{')) {
			try {
				error = JSON.parse(problem.message) as FieldError
			} catch {
				/* a plain key */
			}
		}
		errors.push({ line, column, error })
	}
	return errors
}

/** Row errors in file order: the first MAX_REPORTED_ERRORS kept, the rest counted. */
export class RowErrors {
	readonly kept: RowError[] = []
	count = 0

	/** Adds one step's errors (steps come in file order). */
	add(errors: RowError[]) {
		errors.sort((a, b) => a.line - b.line)
		this.count += errors.length
		for (const error of errors) if (this.kept.length < MAX_REPORTED_ERRORS) this.kept.push(error)
	}
}

export function failed(rows: number, errors: RowErrors | null, fileError: FieldError | null = null): ImportReport {
	return { ok: false, rows, fileError, rowErrors: errors?.kept ?? [], moreErrors: errors ? errors.count - errors.kept.length : 0 }
}
