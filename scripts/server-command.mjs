// How the built server is started: by `npm start`, the end-to-end tests and `npm run bench` alike.

/**
 * V8 otherwise lets the heap grow towards a quarter of the machine's memory before collecting in
 * earnest; the cap keeps RSS near what the server really uses (docs/decisions/0005-heap-cap.md).
 * A --max-old-space-size in NODE_OPTIONS wins.
 */
export function serverNodeFlags(env = process.env) {
	return (env.NODE_OPTIONS ?? '').includes('--max-old-space-size') ? [] : ['--max-old-space-size=256']
}

export const SERVER_ENTRY = 'build/index.js'
