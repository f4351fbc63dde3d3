/**
 * What a route requires, declared by every route module as `export const handle = { access }`.
 * A test walks the routes and fails when one declares nothing, and proves each declaration on the
 * running server.
 */
export type RouteAccess =
	/** Open to anyone; the reason is the review note. */
	| { public: string }
	/** Any signed-in user (their own account pages, the frame, the menu). */
	| { authenticated: true }
	/** `view` (and, for writes, the action each form names) on this function. */
	| { function: string }

export interface RouteHandle {
	access: RouteAccess
	/** A concrete URL to probe the route with, when its file name has parameters. */
	samplePath?: string
}

export function routeHandle(access: RouteAccess, samplePath?: string): RouteHandle {
	return samplePath ? { access, samplePath } : { access }
}
