export interface BuildStamp {
	version: string
	buildDate: string
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>

export const VERSION_KEY = 'appVersion'
export const BUILD_DATE_KEY = 'buildDate'

/**
 * The seed's start-up version check. When the stored version or build date differs from the running
 * build, the new values are stored and the page must reload once (so no stale code keeps running);
 * when both match, nothing happens. A browser with nothing stored yet has nothing stale: it only stores.
 */
export function checkVersion(storage: KeyValueStore, current: BuildStamp): 'reload' | 'unchanged' | 'stored' {
	const storedVersion = storage.getItem(VERSION_KEY)
	const storedDate = storage.getItem(BUILD_DATE_KEY)
	if (storedVersion === current.version && storedDate === current.buildDate) return 'unchanged'
	storage.setItem(VERSION_KEY, current.version)
	storage.setItem(BUILD_DATE_KEY, current.buildDate)
	return storedVersion === null && storedDate === null ? 'stored' : 'reload'
}
