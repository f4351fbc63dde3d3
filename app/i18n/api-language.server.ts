import type { TFunction } from 'i18next'
import { resolveBearerUser } from '~/auth/api-token.server'
import { peekUser } from '~/auth/session.server'
import { memoizeForRequest } from '~/utils/request-memo.server'
import { getFixedT } from './i18n.server'
import { isLanguageCode, requestLanguage, type LanguageCode } from './languages'

/**
 * The one language of an API answer (docs/decisions/0036-api-language.md): the language in the profile of
 * the request's user (its bearer token's, else its session's, read without extending the session), else
 * `requestLanguage`. Chosen once per request: the message and `Content-Language` agree.
 */
export function getApiLanguage(request: Request): Promise<LanguageCode> {
	return memoizeForRequest(request, 'api-language', async () => {
		const bearer = request.headers.get('Authorization')?.startsWith('Bearer ')
		const user = bearer ? await resolveBearerUser(request) : await peekUser(request)
		const preferred = user?.preferred_language
		if (isLanguageCode(preferred)) return preferred
		return requestLanguage(request.headers.get('Cookie'), request.headers.get('Accept-Language'))
	})
}

export async function getApiT(request: Request): Promise<TFunction> {
	return getFixedT(await getApiLanguage(request))
}
