import { redirect } from '@remix-run/node'
import { listSearch, parseListState, type ListSpec, type ListState, type PageInfo } from './list-query'
import { isCanonical, lastPage } from './list.server'

/**
 * The list's state from the page's address. Any other spelling of the same view (a submitted filter
 * form, its empty fields and all) is redirected to the one short, bookmarkable address of that view.
 */
export function requireListState<Filter extends string, Sort extends string>(
	request: Request,
	path: string,
	spec: ListSpec<Filter, Sort>,
): ListState<Filter, Sort> {
	const url = new URL(request.url)
	const state = parseListState(url.searchParams, spec)
	const canonical = listSearch(state, spec)
	if (!isCanonical(url, canonical)) throw redirect(`${path}${canonical}`)
	return state
}

/** A bookmarked page past the end (rows were deleted since) is redirected to the last page. */
export function requirePageInRange<Filter extends string, Sort extends string>(
	result: PageInfo & { rows: readonly unknown[] },
	state: ListState<Filter, Sort>,
	path: string,
	spec: ListSpec<Filter, Sort>,
): void {
	const last = lastPage(result)
	if (result.rows.length === 0 && state.page > 1 && last !== null && result.total > 0)
		throw redirect(`${path}${listSearch(state, spec, { page: last })}`)
}
