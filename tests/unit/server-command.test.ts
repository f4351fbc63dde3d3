import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { COMPILE_CACHE_DIR, serverNodeFlags, serverProcessEnv } from '../../scripts/server-command.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..', '..')

// How `npm start`, the tests and the bench start the built server.
describe('the built server’s environment', () => {
	test('keeps what it is given, and adds the allocator limit and the compile cache', () => {
		const env = serverProcessEnv({ PORT: '3000', NODE_ENV: 'production' })
		expect(env).toEqual({ PORT: '3000', NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', NODE_COMPILE_CACHE: COMPILE_CACHE_DIR })
	})

	test('the compile cache is in the project, not in the temporary folder other users can write to', () => {
		expect(path.isAbsolute(COMPILE_CACHE_DIR)).toBe(true)
		expect(path.relative(projectRoot, COMPILE_CACHE_DIR)).toBe(path.join('node_modules', '.cache', 'node-compile-cache'))
		// Not Node's own default, the shared temporary folder's; the checkout itself may be anywhere, a temporary folder too.
		expect(COMPILE_CACHE_DIR).not.toBe(path.join(os.tmpdir(), 'node-compile-cache'))
	})

	test('an operator’s own choices win', () => {
		const env = serverProcessEnv({ NODE_ENV: 'production', MALLOC_ARENA_MAX: '4', NODE_COMPILE_CACHE: '/var/cache/portal' })
		expect(env.MALLOC_ARENA_MAX).toBe('4')
		expect(env.NODE_COMPILE_CACHE).toBe('/var/cache/portal')
	})

	test('heap caps unless NODE_OPTIONS sets them', () => {
		expect(serverNodeFlags({ NODE_ENV: 'production' })).toEqual(['--max-old-space-size=256', '--max-semi-space-size=8'])
		expect(serverNodeFlags({ NODE_ENV: 'production', NODE_OPTIONS: '--max-old-space-size=512' })).toEqual(['--max-semi-space-size=8'])
	})
})
