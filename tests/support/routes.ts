import fs from 'node:fs'
import path from 'node:path'
import type { RouteHandle } from '~/permissions/access'

export interface RouteModuleInfo {
	file: string
	source: string
	handle: RouteHandle | undefined
	hasLoader: boolean
	hasAction: boolean
	hasComponent: boolean
	/** A URL that reaches this route. */
	url: string
}

const ROUTES_DIR = path.resolve('app/routes')

/** `_app.dashboard.tsx` → `/dashboard`; pathless `_x` segments vanish; `$param` needs a samplePath. */
export function urlOfRouteFile(file: string): string {
	const segments = file
		.replace(/\.tsx?$/, '')
		.split('.')
		.filter((segment) => !segment.startsWith('_'))
	return '/' + segments.join('/')
}

/** Every route module of the app, imported, with what it declares. */
export async function loadRouteModules(): Promise<RouteModuleInfo[]> {
	const files = fs.readdirSync(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
	return Promise.all(
		files.map(async (file) => {
			const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as Record<string, unknown>
			const handle = module.handle as RouteHandle | undefined
			return {
				file,
				source: fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8'),
				handle,
				hasLoader: typeof module.loader === 'function',
				hasAction: typeof module.action === 'function',
				hasComponent: typeof module.default === 'function',
				url: handle?.samplePath ?? urlOfRouteFile(file),
			}
		}),
	)
}
