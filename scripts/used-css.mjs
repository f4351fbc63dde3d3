// Bootstrap's rules for the classes the app writes (decision 0072): the build reads the app's sources for the
// words a class attribute could hold, and keeps a rule of Bootstrap's style sheet when every class its selector
// names is one of them. A class written as a prefix and a value (`alert-${tone}`) keeps every class of that
// prefix. Rules naming no class (elements, attributes, `:root`, classes under `:not`), @font-face and @keyframes
// are all kept.
import fs from 'node:fs'
import path from 'node:path'

/** Words of the sources, and the prefixes written before a `${…}` in a template. */
export function classWords(sources) {
	const words = new Set()
	const prefixes = new Set()
	for (const source of sources) {
		for (const word of source.split(/[^A-Za-z0-9_-]+/)) if (word) words.add(word)
		// The word before each `${` when it ends with a dash (a regular expression for it backtracks: 0.8 s).
		for (let end = source.indexOf('${'); end !== -1; end = source.indexOf('${', end + 2)) {
			const prefix = /[A-Za-z0-9_-]*$/.exec(source.slice(Math.max(0, end - 64), end))?.[0] ?? ''
			if (prefix.endsWith('-') && prefix.length > 1) prefixes.add(prefix)
		}
	}
	return { words, prefixes }
}

/** The app's sources the classes can be written in: its modules, not their tests. */
export function appSources(directory) {
	return fs
		.readdirSync(directory, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
		.map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
}

/** The index just past the block whose `{` is at `open`, strings and comments skipped. */
function blockEnd(css, open) {
	let depth = 0
	for (let index = open; index < css.length; index++) {
		const char = css[index]
		if (char === '"' || char === "'") index = css.indexOf(char, index + 1)
		else if (char === '/' && css[index + 1] === '*') index = css.indexOf('*/', index + 2) + 1
		else if (char === '{') depth++
		else if (char === '}' && --depth === 0) return index + 1
		if (index <= 0) break
	}
	throw new Error(`unbalanced block at ${open}`)
}

/** Splits a selector list at its top-level commas (not those in `:not(a, b)`). */
function selectors(list) {
	const parts = []
	let depth = 0
	let start = 0
	for (let index = 0; index < list.length; index++) {
		if (list[index] === '(') depth++
		else if (list[index] === ')') depth--
		else if (list[index] === ',' && depth === 0) {
			parts.push(list.slice(start, index))
			start = index + 1
		}
	}
	return [...parts, list.slice(start)]
}

/** The selector without what its `:not(…)` name: a class that is never written does not stop those matching. */
function withoutNegations(selector) {
	let out = ''
	let depth = 0
	for (let index = 0; index < selector.length; index++) {
		if (depth === 0 && selector.startsWith(':not(', index)) {
			depth = 1
			index += 4
		} else if (depth > 0) {
			if (selector[index] === '(') depth++
			else if (selector[index] === ')') depth--
		} else out += selector[index]
	}
	return out
}

function selectorUsed(selector, { words, prefixes }) {
	for (const [, escaped] of withoutNegations(selector).matchAll(/\.((?:[A-Za-z0-9_-]|\\.)+)/g)) {
		const name = escaped.replace(/\\(.)/g, '$1')
		if (!words.has(name) && ![...prefixes].some((prefix) => name.startsWith(prefix))) return false
	}
	return true
}

/** `css` (minified or not) without the rules whose selectors name a class outside `used`. */
export function usedCss(css, used) {
	let out = ''
	let index = 0
	while (index < css.length) {
		if (css.startsWith('/*', index)) {
			const end = css.indexOf('*/', index) + 2
			// A licence (`/*!`) stays with the rules it covers.
			if (css[index + 2] === '!') out += css.slice(index, end)
			index = end
			continue
		}
		const open = css.indexOf('{', index)
		const semicolon = css.indexOf(';', index)
		// A statement at-rule (`@charset`, `@import`) ends at its semicolon.
		if (css[index] === '@' && semicolon !== -1 && (open === -1 || semicolon < open)) {
			out += css.slice(index, semicolon + 1)
			index = semicolon + 1
			continue
		}
		if (open === -1) break
		const prelude = css.slice(index, open).trim()
		const end = blockEnd(css, open)
		const body = css.slice(open + 1, end - 1)
		if (/^@(media|supports|container|layer)\b/.test(prelude)) {
			const inner = usedCss(body, used)
			if (inner) out += `${prelude}{${inner}}`
		} else if (prelude.startsWith('@')) {
			out += `${prelude}{${body}}`
		} else {
			const kept = selectors(prelude).filter((selector) => selectorUsed(selector, used))
			if (kept.length > 0) out += `${kept.join(',')}{${body}}`
		}
		index = end
	}
	return out
}
