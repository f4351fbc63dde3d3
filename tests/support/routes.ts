import fs from 'node:fs'
import path from 'node:path'
import { CATALOGS, catalogRoutes } from '~/catalogs/registry'
import { routeHandle, type RouteHandle } from '~/permissions/access'
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
	/** What its loader and action pass `require…Permission` as the function code: the code itself, or for a catalog's generated route the registry entry's. */
	functionArgument: string
}

const APP_DIR = path.resolve('app')
const ROUTES_DIR = path.join(APP_DIR, 'routes')
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

/** Every route module of the app, imported, with what it declares; a catalog's generated routes (decision 0070) once per catalog. */
export async function loadRouteModules(): Promise<RouteModuleInfo[]> {
	const files = fs.readdirSync(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
	const fileRoutes = files.map(async (file) => {
		const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as Record<string, unknown>
		const handle = module.handle as RouteHandle | undefined
		const url = handle?.samplePath ?? urlOfRouteFile(file)
		const code = handle && 'function' in handle.access ? handle.access.function : ''
		return describe(file, module, handle, fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8'), url, `'${code}'`)
	})
	const generated = catalogRoutes(Object.values(CATALOGS)).map(async (route) => {
		const module = (await import(/* @vite-ignore */ path.join(APP_DIR, route.file))) as Record<string, unknown>
		const url = '/' + route.path.replace(':id', '1')
		const handle = routeHandle({ function: CATALOGS[route.catalog as keyof typeof CATALOGS].functionCode }, url)
		const source = fs.readFileSync(path.join(APP_DIR, route.file), 'utf8')
		return describe(`${route.file} (${route.catalog})`, module, handle, source, url, 'catalog.entry.functionCode')
	})
	return Promise.all([...fileRoutes, ...generated])
}

function describe(
	file: string,
	module: Record<string, unknown>,
	handle: RouteHandle | undefined,
	source: string,
	url: string,
	functionArgument: string,
): RouteModuleInfo {
	const apiMethods = module.methods ? allowedMethods(module.methods as ApiMethods) : null
	return {
		file,
		source,
		handle,
		hasLoader: apiMethods ? apiMethods.includes('GET') : typeof module.loader === 'function',
		hasAction: apiMethods ? apiMethods.some((method) => WRITE_METHODS.includes(method)) : typeof module.action === 'function',
		apiMethods,
		hasComponent: typeof module.default === 'function',
		url,
		functionArgument,
	}
}
