import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { getApiLanguage, getApiT } from '~/i18n/api-language.server'
import { getUserAccess, requireApiUser } from '~/permissions/grants.server'
import type { MenuItem } from '~/permissions/menu'
import { menuFor } from '~/permissions/menu.server'
import { answerApi, type ApiMethods } from '~/utils/api.server'
import { encodeBody, encodedResponse } from '~/utils/encoded-body.server'
import { errorFields, logger } from '~/utils/logger.server'

export const handle = routeHandle({ authenticated: true })

interface ApiMenuItem {
	Description: string
	Icon: string | null
	Path: string | null
	Param: string | null
	ParentName: string | null
	IsTitle: boolean
	isLayout: boolean
	badge: { text: string; variant: string } | null
	ListChildrent: ApiMenuItem[]
}

function toApiItem(item: MenuItem, parent: MenuItem | null): ApiMenuItem {
	return {
		Description: item.label,
		Icon: item.icon,
		Path: item.path,
		Param: item.param,
		ParentName: parent?.code ?? null,
		IsTitle: item.isTitle,
		isLayout: item.isHidden,
		badge: item.badge,
		ListChildrent: item.children.map((child) => toApiItem(child, item)),
	}
}

/** The seed's menu call: the caller's menu, in the caller's language, hidden entries flagged `isLayout`. */
async function menu({ request }: { request: Request }) {
	const user = await requireApiUser(request)
	try {
		const [access, language] = await Promise.all([getUserAccess(request, user), getApiLanguage(request)])
		// Users with the same roles get the same bytes: serialised and compressed once per role set, language
		// and access version.
		const body = access.snapshot.rememberSync(`api-menu:${access.roleKey}:${language}`, () =>
			encodeBody(
				Buffer.from(JSON.stringify({ type: 'success', data: menuFor(access, language).map((item) => toApiItem(item, null)), message: '' })),
			),
		)
		return encodedResponse(request, body, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
	} catch (error) {
		logger.error('menu.load_failed', errorFields(error))
		const t = await getApiT(request)
		return Response.json({ type: 'error', data: [], message: t('menu.loadFailed') }, { status: 500 })
	}
}

export const methods = { GET: menu } satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
