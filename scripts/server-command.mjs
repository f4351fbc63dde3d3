// How the built server is started: by `npm start`, the end-to-end tests and `npm run bench` alike.

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
 * The built server's environment: `env` with MALLOC_ARENA_MAX=2 unless it sets one. glibc otherwise gives
 * each thread that allocates (libuv's pool: compression, file reads) an arena of its own that keeps freed
 * memory: measured at 100,000 stations and 1,000,000 tools, peak RSS 205 → 195 MB over the list phases and
 * 263 → 238 MB for an import of 100,000 rows, throughput within noise (docs/decisions/0005-heap-cap.md).
 */
export function serverProcessEnv(env = process.env) {
	return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' }
}

export const SERVER_ENTRY = 'build/index.js'

/** The operators' command-line tool (`npm run cli`), bundled by the build beside the server. */
export const CLI_ENTRY = 'build/cli.js'
