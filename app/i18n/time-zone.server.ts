import { getConfig } from '~/config.server'
import { isKnownTimeZone } from './format'

/** The portal's zone (APP_TIME_ZONE): for anonymous readers, file names and "today" in the catalogs' rules. */
export function portalTimeZone(): string {
	return getConfig().timeZone
}

// Whether Intl still knows each zone users have stored (checked once each: a check costs a formatter).
const usable = new Map<string, boolean>()

/**
 * The zone a signed-in reader sees dates and times in: their own choice, else the portal's (also when this
 * Node's Intl no longer knows a zone chosen under another, rather than failing every page).
 */
export function readerTimeZone(user: { time_zone: string | null } | null | undefined): string {
	const chosen = user?.time_zone
	if (!chosen) return portalTimeZone()
	let known = usable.get(chosen)
	if (known === undefined) usable.set(chosen, (known = isKnownTimeZone(chosen)))
	return known ? chosen : portalTimeZone()
}

let selectable: { list: readonly string[]; names: ReadonlySet<string> } | undefined

/** The zones a user may choose in the profile: the IANA names this Node's Intl lists, in its order. */
export function selectableTimeZones(): readonly string[] {
	selectable ??= (() => {
		const list = Intl.supportedValuesOf('timeZone')
		return { list, names: new Set(list) }
	})()
	return selectable.list
}

export function isSelectableTimeZone(name: string): boolean {
	selectableTimeZones()
	return selectable!.names.has(name)
}
