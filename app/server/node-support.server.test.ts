import { describe, expect, test } from 'vitest'
import { nodeVersionWarning } from './node-support.server'

describe('the Node.js version at start-up', () => {
	test.each(['24.21.0', '22.11.0'])('Node %s is supported: nothing to say', (version) => {
		expect(nodeVersionWarning(version)).toBeNull()
	})

	test('Node 20 still runs, flagged as past its end of life', () => {
		expect(nodeVersionWarning('20.20.2')).toBe(
			'Node 20 reached end of life on 2026-04-30 and gets no security fixes: run the portal on Node 24 LTS (or 22).',
		)
	})

	test('an odd or unknown release is named as unsupported', () => {
		expect(nodeVersionWarning('23.1.0')).toBe('Node 23.1.0 is not a supported release: run the portal on Node 24 LTS (or 22).')
	})
})
