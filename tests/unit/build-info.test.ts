import { describe, expect, test } from 'vitest'
import { sourceCommit } from '../../scripts/build-info.mjs'

const head = 'c0ffee1234567890c0ffee1234567890c0ffee12'
const noGit = () => {
	throw new Error('not a git repository')
}

describe('the commit a build records', () => {
	test('SOURCE_COMMIT when set (a build from an archive has no .git)', () => {
		expect(sourceCommit({ SOURCE_COMMIT: ' v1.4.0-rc.1 ' }, noGit)).toBe('v1.4.0-rc.1')
		expect(sourceCommit({ SOURCE_COMMIT: 'abc123' }, () => `${head}\n`)).toBe('abc123')
	})

	test("else git's HEAD, else unknown", () => {
		expect(sourceCommit({}, () => `${head}\n`)).toBe(head)
		expect(sourceCommit({ SOURCE_COMMIT: '' }, noGit)).toBe('unknown')
	})

	test('a SOURCE_COMMIT that is no commit id stops the build', () => {
		for (const bad of ['abc; rm -rf /', '<script>', 'x'.repeat(65)])
			expect(() => sourceCommit({ SOURCE_COMMIT: bad }, noGit)).toThrow(/SOURCE_COMMIT/)
	})
})
