import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '~/root'

/** The root loader's data (language, CSRF token, signed-in user, flash); undefined on a failed root. */
export function useRootData() {
	return useRouteLoaderData<typeof loader>('root')
}
