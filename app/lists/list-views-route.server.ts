import { z } from 'zod'
import { requiredText } from '~/catalogs/fields.server'
import type { User } from '~/db/schema'
import { formIntents } from '~/utils/form-action.server'
import { listSearch, parseListState } from './list-query'
import { columnNames, MAX_VIEWS_PER_LIST, shownColumns, VIEW_NAME_MAX, viewQuery, type ListViewsDefinition } from './list-views'
import { deleteView, getHiddenColumns, getSavedViews, resetColumns, saveView, setHiddenColumns } from './list-views.server'

/**
 * The column chooser and saved views of a list page: what its loader shows and the forms its action
 * handles. The route checks the list's view grant first; everything here is the user's own.
 */

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

/** Who posts a list's column choice or saved views: the user whose own they are. */
export interface ListViewAuth {
	user: Pick<User, 'id'>
}

const viewNotFound = { status: 404, formError: 'listViews.errors.viewNotFound' }

/**
 * The forms of a list's column chooser and saved views, for the list page's `formAction`: posted to the
 * list's own address, each needs the list's view grant and sends the user back to the list as it was shown.
 */
export function listViewIntents(request: Request, definition: ListViewsDefinition) {
	const url = new URL(request.url)
	const back = `${definition.path}${listSearch(parseListState(url.searchParams, definition.spec), definition.spec)}`
	const intent = formIntents<ListViewAuth>()
	return {
		// First: a post of no known form is told as this one's refusal is, above the list's forms.
		deleteView: intent({
			permission: 'view',
			schema: z.object({ view: z.string().regex(/^[1-9]\d{0,8}$/) }),
			// A malformed id names no view of the user's, as another user's view does.
			onInvalid: viewNotFound,
			run: async ({ data }, { user }) =>
				(await deleteView(user.id, definition.key, Number(data.view)))
					? { ok: true as const }
					: { ok: false as const, reason: 'noSuchView' as const },
			refusals: { noSuchView: viewNotFound },
			done: () => ({ redirect: back, toast: 'listViews.viewDeleted' }),
		}),
		saveColumns: intent({
			permission: 'view',
			check: async (formData) => {
				const known = columnNames(definition) as string[]
				const chosen = formData.getAll('column')
				return chosen.every((name) => typeof name === 'string' && known.includes(name))
					? { ok: true as const, hidden: known.filter((name) => !chosen.includes(name)) }
					: { ok: false as const, formError: 'listViews.errors.unknownColumn' }
			},
			run: async ({ checked }, { user }) => {
				await setHiddenColumns(user.id, definition.key, checked.hidden)
				return { ok: true as const }
			},
			refusals: {},
			done: () => ({ redirect: back, toast: 'listViews.columnsSaved' }),
		}),
		resetColumns: intent({
			permission: 'view',
			run: async (_form, { user }) => {
				await resetColumns(user.id, definition.key)
				return { ok: true as const }
			},
			refusals: {},
			done: () => ({ redirect: back, toast: 'listViews.columnsReset' }),
		}),
		saveView: intent({
			permission: 'view',
			schema: z.object({ viewName: requiredText(VIEW_NAME_MAX) }),
			run: ({ data }, { user }) => saveView(user.id, definition.key, { name: data.viewName, query: viewQuery(definition, url.search) }),
			refusals: {
				nameTaken: { status: 409, errors: { viewName: { key: 'listViews.errors.nameTaken' } } },
				tooMany: { status: 409, errors: { viewName: { key: 'listViews.errors.tooMany', values: { max: MAX_VIEWS_PER_LIST } } } },
			},
			done: (_result, { data }) => ({ redirect: back, toast: 'listViews.viewSaved', toastValues: { name: data.viewName } }),
		}),
	}
}

export type ListViewIntent = keyof ReturnType<typeof listViewIntents>
