import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { deleteAdminUser } from '~/admin/user-account.server'
import { getApiT } from '~/i18n/api-language.server'
import { requireApiPermission } from '~/permissions/grants.server'
import { getUserById } from '~/users/users.server'
import { answerApi, type ApiMethods, toApiUser } from '~/utils/api.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' }, '/api/users/1')

function userId(raw: string | undefined) {
	return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null
}

export const methods = {
	GET: async ({ request, params }) => {
		await requireApiPermission(request, 'QUANTRI_USERS', 'view')
		const id = userId(params.id)
		const user = id === null ? undefined : await getUserById(id)
		if (!user) return Response.json({ message: (await getApiT(request))('api.userNotFound') }, { status: 404 })
		return Response.json(toApiUser(user))
	},
	/** DELETE /api/users/{id}: needs `delete` on QUANTRI_USERS; nobody deletes their own account this way. */
	DELETE: async ({ request, params }) => {
		const { user: actor } = await requireApiPermission(request, 'QUANTRI_USERS', 'delete')
		const t = await getApiT(request)
		const id = userId(params.id)
		const target = id === null ? undefined : await getUserById(id)
		if (!target) return Response.json({ message: t('api.userNotFound') }, { status: 404 })
		const result = await deleteAdminUser(target.id, { id: actor.id, email: actor.email })
		if (result.ok) return Response.json({ message: t('api.userDeleted') })
		switch (result.reason) {
			case 'notFound':
				return Response.json({ message: t('api.userNotFound') }, { status: 404 })
			case 'self':
				return Response.json({ message: t('api.cannotDeleteSelf') }, { status: 400 })
			case 'lastAdmin':
				return Response.json({ message: t('admin.errors.lastAdmin') }, { status: 409 })
			case 'delegation':
				return Response.json({ message: t(`admin.delegation.${result.refusal}`) }, { status: 403 })
		}
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
