import fs from 'node:fs'
import path from 'node:path'
import { singleton } from '~/utils/singleton.server'

export interface BuildInfo {
	version: string
	/** ISO date-time of the build. */
	buildDate: string
}

/** The running build's version and date, stamped by `npm run build` into build/version.json. */
export function getBuildInfo(): BuildInfo {
	return singleton('build-info', () => {
		try {
			return JSON.parse(fs.readFileSync(path.resolve('build/version.json'), 'utf8')) as BuildInfo
		} catch {
			const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }
			return { version: pkg.version, buildDate: new Date(0).toISOString() }
		}
	})
}
