import type { ListSpec, ListState, PageInfo } from '~/lists/list-query'
import { requireListState, requirePageInRange } from '~/lists/list-route.server'
import { getListViews, listViewIntents } from '~/lists/list-views-route.server'
import { getT } from '~/i18n/i18n.server'
import { can, type Grants } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import { formAction } from '~/utils/form-action.server'
import type { User } from '~/db/schema'
import type { CatalogPages } from './catalog-pages'

/**
 * A catalog list page's loader, after the route has checked the viewer's grant: the list's canonical address, the page (read by
 * `read`, with whatever else the page shows), a bookmark past the end sent to the last page, the user's
 * columns and saved views, and what the user may do from the list.
 */
export async function loadCatalogList<
	Filter extends string,
	Sort extends string,
	Page extends { result: PageInfo & { rows: readonly unknown[] } },
>(
	request: Request,
	{ user, grants }: { user: Pick<User, 'id'>; grants: Grants },
	pages: CatalogPages,
	spec: ListSpec<Filter, Sort>,
	read: (state: ListState<Filter, Sort>) => Promise<Page>,
) {
	const { path } = pages.views
	const state = requireListState(request, path, spec)
	const page = await read(state)
	requirePageInRange(page.result, state, path, spec)
	const t = await getT(request)
	return {
		...page,
		title: t(`${pages.key}.title`),
		state,
		views: await getListViews(user.id, pages.views, new URL(request.url).search),
		allowed: {
			create: can(grants, pages.functionCode, 'create'),
			export: can(grants, pages.functionCode, 'export'),
			import: can(grants, pages.functionCode, 'import'),
			delete: can(grants, pages.functionCode, 'delete'),
		},
	}
}

/**
 * A catalog list page's action (after the route's check of the viewer's grant): its saved views and column
 * choices, the list's only forms that post. A form of the list's own would join them in `intents`.
 */
export function catalogListAction(request: Request, pages: CatalogPages) {
	return formAction(request, {
		permit: (permission) => requirePermission(request, pages.functionCode, permission),
		intents: listViewIntents(request, pages.views),
	})
}
