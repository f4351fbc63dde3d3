import SQLite from './sqlite-driver.server'
import { describe, expect, test } from 'vitest'
import { withStatementCache } from './statement-cache.server'

function database() {
	const client = new SQLite(':memory:')
	client.exec('create table t (n integer); insert into t values (1), (2), (3)')
	return { client, cached: withStatementCache(client) }
}

describe('the SQLite statement cache', () => {
	test('compiles each SQL text once and hands the same statement out again', () => {
		const { cached } = database()
		const first = cached.prepare('select n from t order by n')
		expect(cached.prepare('select n from t order by n')).toBe(first)
		expect(cached.prepare('select n from t where n > ?')).not.toBe(first)
		expect(first.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
	})

	test('a statement being iterated is not handed out twice: the second caller gets its own', () => {
		const { cached } = database()
		const streaming = cached.prepare('select n from t order by n')
		const rows = streaming.iterate([])
		expect(rows.next().value).toEqual({ n: 1 })
		const other = cached.prepare('select n from t order by n')
		expect(other).not.toBe(streaming)
		expect(other.all([])).toHaveLength(3)
		expect([...rows]).toEqual([{ n: 2 }, { n: 3 }])
		expect(cached.prepare('select n from t order by n')).toBe(streaming)
	})

	test('keeps the 500 most recently used texts', () => {
		const { cached } = database()
		const zero = cached.prepare('select 0')
		const one = cached.prepare('select 1')
		for (let index = 2; index < 500; index++) cached.prepare(`select ${index}`)
		// 500 kept; using "select 0" again makes "select 1" the least recently used.
		expect(cached.prepare('select 0')).toBe(zero)
		cached.prepare('select 500')
		expect(cached.prepare('select 0'), 'recently used: kept').toBe(zero)
		expect(cached.prepare('select 1'), 'least recently used: dropped, compiled again').not.toBe(one)
	})
})
