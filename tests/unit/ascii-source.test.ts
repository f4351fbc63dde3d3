import { expect, test } from 'vitest'
import { asciiSource } from '../../scripts/ascii-source.mjs'

/** Runs `body` (a function body ending in a return) as written and as escaped; both must give the same value. */
function both(body: string) {
	const escaped = asciiSource(body)
	expect(escaped).toMatch(/^[\x00-\x7f]*$/)
	return { written: new Function(body)(), escaped: new Function(escaped)() }
}

test.each([
	['a string', 'return "Trạm bơm — 💿"'],
	['a template', 'const n = 2; return `Đã lưu ${n} trạm 💿`'],
	['a regular expression', 'return "Đường ơ Ư".replace(/[đĐ]/g, "d").replace(/[ơƠ]/g, "o")'],
	['a regular expression with u', 'return "a💿b".replace(/💿/u, "-") + /^.$/u.test("💿")'],
	['a character class with an astral character and u', 'return "x💿y".replace(/[💿]/gu, "-")'],
	['a name', 'const giá = 3; return giá * 2'],
	['a comment', '// Giá — “trạm”\nreturn 1'],
])('%s means the same escaped', (_name, body) => {
	const { written, escaped } = both(body)
	expect(escaped).toEqual(written)
})

test('ASCII is left as it is', () => {
	const source = 'const a = "plain"; // nothing to do\n'
	expect(asciiSource(source)).toBe(source)
})
