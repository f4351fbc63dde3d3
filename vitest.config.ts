import path from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = { '~': path.resolve(import.meta.dirname, 'app') }

export default defineConfig({
	resolve: { alias },
	test: {
		// One file at a time (Vitest's default on two cores; a project's own pool options are ignored). Two at
		// once saved a third of the integration time but found races in tests that relied on the machine being
		// otherwise idle (log lines read right after a response, readiness during a burst): three are fixed,
		// and it stays off until the rest of the suite has been checked for the same.
		projects: [
			{
				resolve: { alias },
				test: {
					name: 'unit',
					include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
					environment: 'node',
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
