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
