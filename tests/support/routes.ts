import fs from 'node:fs'
import path from 'node:path'
import type { RouteHandle } from '~/permissions/access'
import { allowedMethods, type ApiMethods } from '~/utils/api.server'

export interface RouteModuleInfo {
	file: string
	source: string
	handle: RouteHandle | undefined
	/** Answers GET (an API route: its table has GET). */
	hasLoader: boolean
	/** Answers a write (an API route: its table has POST, PUT, PATCH or DELETE). */
	hasAction: boolean
	/** An API route's methods as its table gives them (`Allow`); null for other routes. */
	apiMethods: string[] | null
	hasComponent: boolean
	/** A URL that reaches this route. */
	url: string
}

const ROUTES_DIR = path.resolve('app/routes')
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/**
 * `_app.dashboard.tsx` → `/dashboard`; pathless `_x` segments vanish; what is in brackets is literal, as
 * Remix reads it (`export[.]csv` → `export.csv`); `$param` needs a samplePath.
 */
export function urlOfRouteFile(file: string): string {
	const segments = file
		.replace(/\.tsx?$/, '')
		.split(/\.(?![^[]*\])/)
		.filter((segment) => !segment.startsWith('_'))
		.map((segment) => segment.replace(/\[([^\]]*)\]/g, '$1'))
	return '/' + segments.join('/')
}

/** Every route module of the app, imported, with what it declares. */
export async function loadRouteModules(): Promise<RouteModuleInfo[]> {
	const files = fs.readdirSync(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
	return Promise.all(
		files.map(async (file) => {
			const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as Record<string, unknown>
			const handle = module.handle as RouteHandle | undefined
			const apiMethods = module.methods ? allowedMethods(module.methods as ApiMethods) : null
			return {
				file,
				source: fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8'),
				handle,
				hasLoader: apiMethods ? apiMethods.includes('GET') : typeof module.loader === 'function',
				hasAction: apiMethods ? apiMethods.some((method) => WRITE_METHODS.includes(method)) : typeof module.action === 'function',
				apiMethods,
				hasComponent: typeof module.default === 'function',
				url: handle?.samplePath ?? urlOfRouteFile(file),
			}
		}),
	)
}
