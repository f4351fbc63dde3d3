import { getConfig } from '~/config.server'

/** The portal's zone (APP_TIME_ZONE): for anonymous readers, file names and "today" in the catalogs' rules. */
export function portalTimeZone(): string {
	return getConfig().timeZone
}

/** The zone a signed-in reader sees dates and times in: their own choice, else the portal's. */
export function readerTimeZone(user: { time_zone: string | null } | null | undefined): string {
	return user?.time_zone ?? portalTimeZone()
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
