// The server bundle written in ASCII only (decision 0082). V8 keeps a script's source text for as long as the
// script runs (to compile its functions lazily), and keeps it as two bytes a character when one character is
// beyond Latin-1: one `—` in a package's comment doubled the 9 MB bundle to 18 MB of every server's memory.
import fs from 'node:fs'

/** UTF-16 escapes mean the same character in a string, a template's text, a regular expression (with or without `u`) and a name. */
function escaped(character) {
	let text = ''
	for (let index = 0; index < character.length; index++) text += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`
	return text
}

/**
 * `source` with every character beyond ASCII written as its UTF-16 escape. Meant for code esbuild has already
 * written with `charset: 'ascii'`, which leaves only comments and regular expressions to do. Not for code that
 * reads a tagged template's `raw` text, which would see the escape; the tests run against the escaped bundle.
 */
export function asciiSource(source) {
	return source.replace(/[^\x00-\x7f]/gu, escaped)
}

/** Rewrites the file in ASCII if it is not; returns whether it did. */
export function rewriteAsAscii(file) {
	const source = fs.readFileSync(file, 'utf8')
	const ascii = asciiSource(source)
	if (ascii === source) return false
	fs.writeFileSync(file, ascii)
	return true
}
