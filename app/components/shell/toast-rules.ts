import type { TFunction } from 'i18next'
import type { Flash } from '~/auth/session.server'
import { catalogText, isCatalogTextName } from '~/catalogs/catalog-texts'

/** What a flash message says in the reader's language: a key with its values, or one of a catalog's page texts. */
export function flashText(t: TFunction, flash: Pick<Flash, 'message' | 'values' | 'catalog'>): string {
	if (flash.catalog && isCatalogTextName(flash.message)) return catalogText(t, flash.catalog, flash.message, flash.values)
	return t(flash.message, flash.values ?? {})
}

/** How long a toast stays, and how long the same message is not shown again. */
export const TOAST_DURATION_MS = 3_000

/** Bootstrap's alert colour for each style of message. */
export const ALERT_CLASS: Record<Flash['type'], string> = {
	default: 'secondary',
	info: 'info',
	success: 'success',
	warning: 'warning',
	error: 'danger',
}

/** Errors interrupt a screen reader (`alert`); everything else waits its turn (`status`). */
export function toastRole(type: Flash['type']): 'alert' | 'status' {
	return type === 'error' ? 'alert' : 'status'
}

/** Remembers when each message was last shown, so the same toast does not stack up. */
export function createDuplicateFilter(windowMs = TOAST_DURATION_MS) {
	const lastShown = new Map<string, number>()
	return function shouldShow(flash: Flash, now: number): boolean {
		const key = `${flash.type}:${flash.message}:${JSON.stringify(flash.values ?? {})}`
		if (now - (lastShown.get(key) ?? -Infinity) < windowMs) return false
		lastShown.set(key, now)
		return true
	}
}
