import fs from 'node:fs'
import path from 'node:path'
import { singleton } from '~/utils/singleton.server'

export interface BuildInfo {
	version: string
	/** ISO date-time of the build. */
	buildDate: string
	/** The commit built (SOURCE_COMMIT, else git's HEAD, else "unknown"; see scripts/build-info.mjs). */
	commit: string
}

/** The running build's version, date and commit, stamped by `npm run build` into build/version.json. */
export function getBuildInfo(): BuildInfo {
	return singleton('build-info', () => {
		try {
			const stamped = JSON.parse(fs.readFileSync(path.resolve('build/version.json'), 'utf8')) as Partial<BuildInfo>
			return { version: String(stamped.version), buildDate: String(stamped.buildDate), commit: stamped.commit ?? 'unknown' }
		} catch {
			const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }
			return { version: pkg.version, buildDate: new Date(0).toISOString(), commit: 'unknown' }
		}
	})
}
