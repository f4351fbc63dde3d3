import { PAGE_SIZES } from '~/lists/list-query'

/** What the bulk actions' server and pages share (no server code). */

/** At most one page of the largest size: a selection comes from one page of the list. */
export const MAX_SELECTION: number = Math.max(...PAGE_SIZES)

/** The version field of each selected record in the confirmation form. */
export function versionField(id: number) {
	return `version-${id}`
}

export type SelectionProblem = 'empty' | 'tooMany' | 'malformed' | 'duplicate'

/** Why a record stops a bulk delete: a translation key and its values (e.g. the count of tools). */
export interface BlockReason {
	key: string
	values: Record<string, string | number>
}

export type BulkRefusal =
	| { id: number; reason: 'notFound' }
	| { id: number; reason: 'stale'; code: string; name: string; version: number }
	| { id: number; reason: 'blocked'; code: string; name: string; block: BlockReason }
