import { getConfig } from '~/config.server'

/** The portal's zone (APP_TIME_ZONE): for anonymous readers, file names and "today" in the catalogs' rules. */
export function portalTimeZone(): string {
	return getConfig().timeZone
}
