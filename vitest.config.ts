import path from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = { '~': path.resolve(import.meta.dirname, 'app') }

export default defineConfig({
	resolve: { alias },
	test: {
		// Two files at a time (Vitest's default on two cores is one): integration files spend much of their time
		// waiting for the servers they start. Tests that read a server's log wait for the line
		// (`server.logged`) rather than reading it right after the answer, which a busy machine delays.
		maxWorkers: 2,
		minWorkers: 1,
		// Integration files run one after another in each worker process rather than in a process each: the app's
		// modules load once per worker, not per file (tests/integration/setup.ts gives each file a clean start).
		// Measured on two cores: the SQLite run 148 → 118 s, CPU 276 → 219 s; the PostgreSQL run 140 s.
		poolOptions: { forks: { isolate: false } },
		projects: [
			{
				resolve: { alias },
				test: {
					name: 'unit',
					include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
					environment: 'node',
					// Worker threads start faster than the default child processes and the unit files need nothing
					// of a process of their own (they start no server and change no process state another file
					// reads). Measured back to back on two busy cores: 44, 50 and 49 s with threads, 54, 61 and
					// 60 s with forks (CPU 26 s against 30 s).
					pool: 'threads',
					// A bound, not a measure: on two cores shared with other work a test of half a second took over
					// five (vitest's default), and nine unit tests timed out with nothing wrong.
					testTimeout: 30_000,
				},
			},
			{
				resolve: { alias },
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.test.ts'],
					exclude: ['tests/integration/**/*.firebase.test.ts'],
					environment: 'node',
					setupFiles: ['tests/integration/setup.ts'],
					// Each file gets its own database and servers on free ports.
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				resolve: { alias },
				test: {
					// The guides followed as written on fresh copies (deploy-guide.test.ts: an install and a build;
					// add-a-catalog.test.ts: a type check and a build): minutes of CPU that scripts/test.sh gives the
					// cores' idle time.
					name: 'docs',
					include: ['tests/docs/**/*.test.ts'],
					environment: 'node',
					testTimeout: 1_800_000,
					hookTimeout: 600_000,
				},
			},
			{
				resolve: { alias },
				test: {
					// AUTH_PROVIDER=firebase against the Auth emulator that scripts/test.sh starts.
					name: 'firebase',
					include: ['tests/integration/**/*.firebase.test.ts'],
					environment: 'node',
					setupFiles: ['tests/integration/setup.ts'],
					poolOptions: { forks: { singleFork: true } },
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
		],
	},
})
