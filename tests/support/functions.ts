import { getDb } from '~/db/db.server'

/** `groups` top-level functions with `perGroup - 1` children each (2,000 by default), enabled and visible. */
export async function createBulkFunctions({ groups = 40, perGroup = 50 } = {}): Promise<number[]> {
	const db = getDb()
	const now = Date.now()
	const ids: number[] = []
	for (let group = 0; group < groups; group++) {
		const parent = await db
			.insertInto('functions')
			.values({
				code: `BULK_${now}_${group}`,
				parent_id: null,
				sort_order: 1000 + group,
				label_key: null,
				labels: JSON.stringify({ vn: `Nhóm ${group}` }),
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
		const children = Array.from({ length: perGroup - 1 }, (_, index) => ({
			code: `BULK_${now}_${group}_${index}`,
			parent_id: parent.id,
			sort_order: index,
			label_key: null,
			labels: null,
			icon: null,
			path: `/bulk/${group}/${index}`,
			param: null,
			is_title: 0,
			is_hidden: 0,
			badge_text: null,
			badge_variant: null,
			enabled: 1,
			created_at: now,
			updated_at: now,
		}))
		const inserted = await db.insertInto('functions').values(children).returning('id').execute()
		ids.push(...inserted.map((row) => row.id))
	}
	return ids
}
