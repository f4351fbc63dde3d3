import path from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = { '~': path.resolve(import.meta.dirname, 'app') }

export default defineConfig({
	resolve: { alias },
	test: {
		// Vitest's default on two cores is one worker. Much of an integration file's time is spent waiting on
		// its servers, databases and timers, so two files run at once.
		maxWorkers: 2,
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
					// Each file gets its own database and servers on free ports: files run side by side (see maxWorkers).
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
