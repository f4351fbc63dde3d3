import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { requiredText } from '~/catalogs/fields.server'
import type { User } from '~/db/schema'
import { flashSuccess } from '~/utils/flash.server'
import { invalid, issue, parseForm } from '~/utils/form.server'
import { listSearch, parseListState } from './list-query'
import { columnNames, MAX_VIEWS_PER_LIST, shownColumns, VIEW_NAME_MAX, viewQuery, type ListViewsDefinition } from './list-views'
import { deleteView, getHiddenColumns, getSavedViews, resetColumns, saveView, setHiddenColumns } from './list-views.server'

/**
 * The column chooser and saved views of a list page: what its loader shows and the intents its action
 * handles. The route checks the list's view grant first; everything here is the user's own.
 */

export const LIST_VIEW_INTENTS = ['saveColumns', 'resetColumns', 'saveView', 'deleteView'] as const

/** The user's columns and saved views of the list; `search` is the page's query (to mark the view shown). */
export async function getListViews<Column extends string>(userId: number, definition: ListViewsDefinition<Column>, search: string) {
	const [hidden, saved] = await Promise.all([getHiddenColumns(userId, definition.key), getSavedViews(userId, definition.key)])
	const current = viewQuery(definition, search)
	return {
		columns: shownColumns(definition, hidden),
		saved: saved.map((view) => {
			// Re-read as the list reads it: a stale or hand-made stored query still opens a valid view.
			const query = viewQuery(definition, view.query)
			return {
				id: view.id,
				name: view.name,
				href: `${definition.path}${query}`,
				current: query === current,
			}
		}),
		full: saved.length >= MAX_VIEWS_PER_LIST,
	}
}

export type ListViewsData<Column extends string = string> = Awaited<ReturnType<typeof getListViews<Column>>>

const intentSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('saveColumns') }),
	z.object({ intent: z.literal('resetColumns') }),
	z.object({
		intent: z.literal('saveView'),
		viewName: requiredText(VIEW_NAME_MAX),
	}),
	z.object({
		intent: z.literal('deleteView'),
		view: z.string().regex(/^[1-9]\d{0,8}$/, issue('listViews.errors.viewNotFound')),
	}),
])

/** Handles one of LIST_VIEW_INTENTS, posted to the list's own address, and sends the user back to it. */
export async function handleListViewIntent(request: Request, user: Pick<User, 'id'>, definition: ListViewsDefinition) {
	const url = new URL(request.url)
	const back = `${definition.path}${listSearch(parseListState(url.searchParams, definition.spec), definition.spec)}`
	const form = await parseForm(request, intentSchema)
	if (!form.ok) {
		if (form.errors.view) return invalid({ values: form.values, formError: 'listViews.errors.viewNotFound' }, { status: 404 })
		if (form.errors.viewName) return invalid({ errors: form.errors, values: form.values })
		return invalid({ values: form.values, formError: 'errors.badRequestBody' })
	}
	switch (form.data.intent) {
		case 'saveColumns': {
			const known = columnNames(definition) as string[]
			const chosen = form.formData.getAll('column')
			if (!chosen.every((name) => typeof name === 'string' && known.includes(name))) {
				return invalid({
					values: form.values,
					formError: 'listViews.errors.unknownColumn',
				})
			}
			await setHiddenColumns(
				user.id,
				definition.key,
				known.filter((name) => !chosen.includes(name)),
			)
			await flashSuccess(request, 'listViews.columnsSaved')
			break
		}
		case 'resetColumns':
			await resetColumns(user.id, definition.key)
			await flashSuccess(request, 'listViews.columnsReset')
			break
		case 'saveView': {
			const name = form.data.viewName
			const saved = await saveView(user.id, definition.key, {
				name,
				query: viewQuery(definition, url.search),
			})
			if (!saved.ok) {
				const error =
					saved.reason === 'nameTaken'
						? { key: 'listViews.errors.nameTaken' }
						: {
								key: 'listViews.errors.tooMany',
								values: { max: MAX_VIEWS_PER_LIST },
							}
				return invalid({ errors: { viewName: error }, values: form.values }, { status: 409 })
			}
			await flashSuccess(request, 'listViews.viewSaved', { name })
			break
		}
		case 'deleteView':
			if (!(await deleteView(user.id, definition.key, Number(form.data.view)))) {
				return invalid({ values: form.values, formError: 'listViews.errors.viewNotFound' }, { status: 404 })
			}
			await flashSuccess(request, 'listViews.viewDeleted')
			break
	}
	return redirect(back)
}
