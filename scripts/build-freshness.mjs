// Whether the build is current: no source changed since it was made. `npm start` builds when it is not;
// `npm run cli` then runs the commands from the sources instead.
import fs from 'node:fs'
import path from 'node:path'

/**
 * What the build is made from (public/build is its own output). The server bundles its packages: what npm
 * installed counts (the lockfile npm keeps in node_modules changes with every install that changes them).
 */
export const SOURCES = ['app', 'public', 'server.ts', 'remix.config.js', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json']

/** The newest modification time under `entry` (0 when it does not exist). */
export function newestModification(entry, root = '.') {
	const at = path.join(root, entry)
	if (!fs.existsSync(at)) return 0
	const stat = fs.statSync(at)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const child of fs.readdirSync(at)) {
		if (entry === 'public' && child === 'build') continue
		newest = Math.max(newest, newestModification(path.join(entry, child), root))
	}
	return newest
}

/** The modification time of `output` (a file the build writes), 0 when it was never built. */
export function builtAt(output, root = '.') {
	const at = path.join(root, output)
	return fs.existsSync(at) ? fs.statSync(at).mtimeMs : 0
}

/** True when `output` exists and no source under `root` is newer. */
export function buildIsCurrent(output, root = '.', sources = SOURCES) {
	const built = builtAt(output, root)
	return built > 0 && sources.every((source) => newestModification(source, root) <= built)
}
