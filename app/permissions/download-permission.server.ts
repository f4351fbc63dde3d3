import { getT } from '~/i18n/i18n.server'
import type { Action } from './actions'
import { requirePermission } from './grants.server'

/**
 * `requirePermission` for a download (a CSV resource route): its refusal is a translated plain-text
 * answer with the same status rather than a page, since no page renders a resource route's answer; a
 * redirect (to sign in, say) passes as it is.
 */
export async function requireDownloadPermission(request: Request, functionCode: string, action: Action) {
	try {
		return await requirePermission(request, functionCode, action)
	} catch (error) {
		throw await asPlainResponse(request, error)
	}
}

/** A thrown `data()` answer (403, 404, 400) as a translated plain-text Response with its status; anything else as it was. */
async function asPlainResponse(request: Request, error: unknown): Promise<unknown> {
	if (error instanceof Response) return error
	const thrown = error as { type?: unknown; init?: ResponseInit | null } | null
	if (thrown?.type !== 'DataWithResponseInit') return error
	const status = thrown.init?.status ?? 500
	const t = await getT(request)
	const [title, body] =
		status === 403
			? [t('errors.forbiddenTitle'), t('errors.forbiddenBody')]
			: status === 404
				? [t('errors.notFoundTitle'), t('errors.notFoundBody')]
				: [t('errors.badRequestTitle'), t('errors.badRequestBody')]
	return new Response(`${title}\n\n${body}\n`, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
