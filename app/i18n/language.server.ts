import { z } from 'zod'
import { issue } from '~/utils/form.server'
import { LANGUAGE_CODES, LANGUAGE_COOKIE, type LanguageCode } from './languages'

const ONE_YEAR_SECONDS = 365 * 24 * 3600

/** The plain `lang=xx` cookie of the seed, readable by any client. */
export function languageCookie(language: LanguageCode, request: Request): string {
	const secure = new URL(request.url).protocol === 'https:'
	return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** POST /settings/language. */
export const languageSchema = z.object({
	lang: z.enum(LANGUAGE_CODES, issue('language.unknown')),
	redirectTo: z.string().optional(),
})
