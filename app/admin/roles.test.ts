import { describe, expect, test } from 'vitest'
import { impliedGroups } from './roles'

// A tree in matrix order: A > (A1 > A1a), A2; B > B1; C.
const tree = [
	{ id: 1, depth: 0 },
	{ id: 2, depth: 1 },
	{ id: 3, depth: 2 },
	{ id: 4, depth: 1 },
	{ id: 5, depth: 0 },
	{ id: 6, depth: 1 },
	{ id: 7, depth: 0 },
]
const viewing =
	(...ids: number[]) =>
	(id: number) =>
		ids.includes(id)

describe('functions the menu shows as a group only', () => {
	test('every ancestor of a viewable function that is not viewable itself', () => {
		expect([...impliedGroups(tree, viewing(3))].sort()).toEqual([1, 2])
		expect([...impliedGroups(tree, viewing(6, 7))]).toEqual([5])
	})

	test('none when the ancestors are viewable, or nothing below them is', () => {
		expect(impliedGroups(tree, viewing(1, 2, 3)).size).toBe(0)
		expect(impliedGroups(tree, viewing(4, 7)).has(5)).toBe(false)
		expect([...impliedGroups(tree, viewing(4, 7))]).toEqual([1])
	})
})
