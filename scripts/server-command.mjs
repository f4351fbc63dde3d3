// How the built server is started: by `npm start`, the tests and `npm run bench` alike.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Node's compile cache (Node 22.1 and later; Node 20 has none): the code V8 compiled for the server's and
 * the CLI's modules, kept between starts, so that a start loads it instead of compiling the sources again
 * (measured on Node 24: 0.59 → 0.52 s of CPU a server start). In the project, not the shared temporary
 * folder: compiled code read from a folder other users can write to would run as the portal.
 */
export const COMPILE_CACHE_DIR = path.resolve(
	path.dirname(fileURLToPath(import.meta.url)),
	'..',
	'node_modules',
	'.cache',
	'node-compile-cache',
)

/**
 * V8 otherwise lets the heap grow towards a quarter of the machine's memory before collecting in
 * earnest, and keeps a 32 MB young generation; the caps keep RSS near what the server really uses
 * (docs/decisions/0005-heap-cap.md). A flag already in NODE_OPTIONS wins.
 */
export function serverNodeFlags(env = process.env) {
	const options = env.NODE_OPTIONS ?? ''
	return [
		...(options.includes('--max-old-space-size') ? [] : ['--max-old-space-size=256']),
		...(options.includes('--max-semi-space-size') ? [] : ['--max-semi-space-size=8']),
	]
}

/**
 * glibc's allocator settings for the server (docs/decisions/0005-heap-cap.md), each unless the environment sets
 * it. MALLOC_ARENA_MAX=2: glibc otherwise gives each thread that allocates (libuv's pool: compression, file
 * reads) an arena of its own that keeps freed memory (peak RSS 205 → 195 MB over the list phases, 263 → 238 MB
 * for an import of 100,000 rows). The two thresholds fixed at glibc's initial 128 KiB: otherwise each large
 * block freed (a request body, an export's batch) raises them, up to 32 and 64 MB, and freed memory below those
 * sizes stays with the process (at 100,000 stations, after an import of 100,000 rows and the lists: 187 → 176 MB,
 * throughput within noise).
 */
export const ALLOCATOR_ENV = {
	MALLOC_ARENA_MAX: '2',
	MALLOC_MMAP_THRESHOLD_: '131072',
	MALLOC_TRIM_THRESHOLD_: '131072',
}

/**
 * The built server's environment: `env` with ALLOCATOR_ENV's settings it does not make itself, and the compile
 * cache (COMPILE_CACHE_DIR) unless `env` names one in NODE_COMPILE_CACHE.
 */
export function serverProcessEnv(env = process.env) {
	return { ...ALLOCATOR_ENV, ...env, NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR }
}

export const SERVER_ENTRY = 'build/index.js'

/**
 * The packages the built server leaves in node_modules (scripts/build.mjs bundles the rest into it): native
 * addons, and those it loads only when a feature needs them.
 */
export const SERVER_EXTERNAL_PACKAGES = [
	'better-sqlite3',
	'better-sqlite3-13',
	'@node-rs/argon2',
	'pg-native',
	'firebase-admin',
	'firebase-admin/*',
	'nodemailer',
	'nodemailer/*',
	'qrcode',
	'pino-pretty',
	'@zxcvbn-ts/*',
]

/** The operators' command-line tool (`npm run cli`), bundled by the build beside the server. */
export const CLI_ENTRY = 'build/cli.js'
