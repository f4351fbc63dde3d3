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

export const SERVER_ENTRY = 'build/index.js'
