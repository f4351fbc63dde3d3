import { readCookie } from '~/security/csrf.server'
import { z } from 'zod'
import { issue } from '~/utils/form.server'
import { LAYOUT_COOKIE, LAYOUT_OPTIONS, parseLayoutCookie, serializeLayout, type LayoutSettings } from './settings'

export function getLayoutSettings(request: Request): LayoutSettings {
	return parseLayoutCookie(readCookie(request.headers.get('Cookie'), LAYOUT_COOKIE))
}

export function layoutCookie(settings: LayoutSettings, secure: boolean) {
	return `${LAYOUT_COOKIE}=${encodeURIComponent(serializeLayout(settings))}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** POST /settings/layout: every field optional (a missing one keeps its value), each limited to its options. */
const option = <Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values, issue('layout.invalidValue')).optional()

export const layoutSchema = z.object({
	width: option(LAYOUT_OPTIONS.width),
	layout: option(LAYOUT_OPTIONS.layout),
	mode: option(LAYOUT_OPTIONS.mode),
	sidebar: option(LAYOUT_OPTIONS.sidebar),
	topbar: option(LAYOUT_OPTIONS.topbar),
	redirectTo: z.string().optional(),
	/** Sent by the panel's background save (JavaScript): answer without sending the browser anywhere. */
	stay: z.literal('1').optional(),
})
