import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import fs from 'node:fs'
import { ALLOCATOR_ENV, COMPILE_CACHE_DIR, serverNodeFlags, serverProcessEnv } from '../../scripts/server-command.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..', '..')

// How `npm start`, the tests and the bench start the built server.
describe('the built server’s environment', () => {
	test('keeps what it is given, and adds the allocator settings and the compile cache', () => {
		const env = serverProcessEnv({ PORT: '3000', NODE_ENV: 'production' })
		expect(env).toEqual({
			PORT: '3000',
			NODE_ENV: 'production',
			MALLOC_ARENA_MAX: '2',
			MALLOC_MMAP_THRESHOLD_: '131072',
			MALLOC_TRIM_THRESHOLD_: '131072',
			NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
		})
	})

	test('the systemd unit sets the same allocator settings', () => {
		const unit = fs.readFileSync(path.join(projectRoot, 'deploy', 'systemd', 'staff-portal.service'), 'utf8')
		const set = Object.fromEntries([...unit.matchAll(/^Environment=(MALLOC_\w+)=(.*)$/gm)].map(([, name, value]) => [name, value]))
		expect(set).toEqual(ALLOCATOR_ENV)
	})

	test('the compile cache is in the project, not in the temporary folder other users can write to', () => {
		expect(path.isAbsolute(COMPILE_CACHE_DIR)).toBe(true)
		expect(path.relative(projectRoot, COMPILE_CACHE_DIR)).toBe(path.join('node_modules', '.cache', 'node-compile-cache'))
		// Not Node's own default, the shared temporary folder's; the checkout itself may be anywhere, a temporary folder too.
		expect(COMPILE_CACHE_DIR).not.toBe(path.join(os.tmpdir(), 'node-compile-cache'))
	})

	test('an operator’s own choices win', () => {
		const env = serverProcessEnv({
			NODE_ENV: 'production',
			MALLOC_ARENA_MAX: '4',
			MALLOC_TRIM_THRESHOLD_: '1048576',
			NODE_COMPILE_CACHE: '/var/cache/portal',
		})
		expect(env.MALLOC_ARENA_MAX).toBe('4')
		expect(env.MALLOC_TRIM_THRESHOLD_).toBe('1048576')
		expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072')
		expect(env.NODE_COMPILE_CACHE).toBe('/var/cache/portal')
	})

	test('heap caps unless NODE_OPTIONS sets them', () => {
		expect(serverNodeFlags({ NODE_ENV: 'production' })).toEqual(['--max-old-space-size=256', '--max-semi-space-size=8'])
		expect(serverNodeFlags({ NODE_ENV: 'production', NODE_OPTIONS: '--max-old-space-size=512' })).toEqual(['--max-semi-space-size=8'])
	})
})
