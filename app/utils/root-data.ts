import { useRouteLoaderData } from '@remix-run/react'
import { DEFAULT_TIME_ZONE } from '~/i18n/format'
import type { loader } from '~/root.server'

/** The root loader's data (language, CSRF token, signed-in user, flash); undefined on a failed root. */
export function useRootData() {
	return useRouteLoaderData<typeof loader>('root')
}

/** The zone the reader sees dates and times in, as the server rendered them (so hydration renders the same). */
export function useTimeZone(): string {
	return useRootData()?.timeZone ?? DEFAULT_TIME_ZONE
}
