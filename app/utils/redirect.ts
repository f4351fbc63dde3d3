const ORIGIN = 'http://portal.invalid'
const MAX_LENGTH = 2048
/** Control characters, whitespace browsers strip or fold, and backslashes browsers read as slashes. */
const UNSAFE_CHARACTERS = /[\\\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/

/** Percent-decodes until stable (a double-encoded `%252f` counts as `/`); null when the encoding is broken. */
export function fullyDecoded(value: string): string | null {
	let current = value
	for (let round = 0; round < 4; round += 1) {
		let next: string
		try {
			next = decodeURIComponent(current)
		} catch {
			return null
		}
		if (next === current) return current
		current = next
	}
	return null
}

/** The path a browser would request for `target` on this site, or null when it would leave the site. */
function resolvedOnSite(target: string): URL | null {
	if (!target.startsWith('/') || UNSAFE_CHARACTERS.test(target)) return null
	let url: URL
	try {
		url = new URL(target, ORIGIN)
	} catch {
		return null
	}
	// `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as another host.
	if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return null
	return url
}

/**
 * The same-origin path a browser would request for `to`, or null when it could leave the site. The target is
 * resolved as a browser would (dot segments removed, against this site's origin), both as given and with its path
 * fully percent-decoded, and is accepted only when both stay on this site and cannot be read as a scheme-relative URL.
 */
export function sitePath(to: FormDataEntryValue | string | null | undefined): string | null {
	if (typeof to !== 'string' || to.length === 0 || to.length > MAX_LENGTH) return null
	// Only the path can name another host; a query may hold any encoded text, spaces included.
	const decodedPath = fullyDecoded(to.split(/[?#]/, 1)[0]!)
	if (decodedPath === null || resolvedOnSite(decodedPath) === null) return null
	const url = resolvedOnSite(to)
	if (url === null) return null
	return `${url.pathname}${url.search}${url.hash}`
}

/** A same-origin path to send the user to (see `sitePath`), or `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	return sitePath(to) ?? fallback
}

/** Control characters and backslashes: never in a stored link, wherever they are and however encoded. */
const STORED_UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/

/**
 * Whether a link kept in the database (a menu entry's path, with its parameter) is a path of this site as
 * written: `sitePath` keeps it on the site, and, fully percent-decoded, its path has no `//` and no dot
 * segment, and nothing in it is a control character or a backslash. Stored links are checked when written
 * and again whenever a link or redirect is built from them.
 */
export function isSitePath(value: string): boolean {
	if (sitePath(value) === null) return false
	const decoded = fullyDecoded(value)
	const decodedPath = fullyDecoded(value.split(/[?#]/, 1)[0]!)
	if (decoded === null || decodedPath === null || STORED_UNSAFE.test(decoded)) return false
	return !decodedPath.includes('//') && !DOT_SEGMENT.test(decodedPath)
}
