// Whether the build is current: no source changed since it was made. `npm start` builds when it is not;
// `npm run cli` then runs the commands from the sources instead.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * What the build is made from (public/build is its own output). The server bundles its packages: what npm
 * installed counts (the lockfile npm keeps in node_modules changes with every install that changes them).
 */
export const SOURCES = [
	'app',
	'public',
	'server.ts',
	'remix.config.js',
	'package.json',
	'package-lock.json',
	'node_modules/.package-lock.json',
	'tsconfig.json',
]

/**
 * The lockfiles among SOURCES are compared by the packages a build can contain, not by time:
 * `npm prune --omit=dev` after a build (docs/deploy.md) rewrites both and removes development packages only.
 */
export const LOCKFILES = ['package-lock.json', 'node_modules/.package-lock.json']

/** Where the build records its lockfiles' production packages (recordPackages). */
export const PACKAGES_RECORD = 'build/packages.json'

/** A digest of the lockfile's packages that are not development-only ("dev": true); "absent" without the file. */
export function productionPackagesDigest(lockfile, root = '.') {
	const at = path.join(root, lockfile)
	if (!fs.existsSync(at)) return 'absent'
	const { packages = {} } = JSON.parse(fs.readFileSync(at, 'utf8'))
	const hash = createHash('sha256')
	for (const name of Object.keys(packages).sort()) if (!packages[name].dev) hash.update(`${name}\0${JSON.stringify(packages[name])}\0`)
	return hash.digest('hex')
}

/** Written by the build (scripts/build.mjs) once its outputs are complete. */
export function recordPackages(root = '.') {
	const record = Object.fromEntries(LOCKFILES.map((lockfile) => [lockfile, productionPackagesDigest(lockfile, root)]))
	fs.writeFileSync(path.join(root, PACKAGES_RECORD), JSON.stringify(record, null, '\t') + '\n')
}

function recordedPackages(root) {
	const at = path.join(root, PACKAGES_RECORD)
	return fs.existsSync(at) ? JSON.parse(fs.readFileSync(at, 'utf8')) : {}
}

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

/** True when `output` exists, no source under `root` is newer and the lockfiles hold the packages recorded at the build. */
export function buildIsCurrent(output, root = '.', sources = SOURCES) {
	const built = builtAt(output, root)
	if (built === 0) return false
	const recorded = sources.some((source) => LOCKFILES.includes(source)) ? recordedPackages(root) : {}
	return sources.every((source) =>
		LOCKFILES.includes(source) ? recorded[source] === productionPackagesDigest(source, root) : newestModification(source, root) <= built,
	)
}
