const ORIGIN = 'http://portal.invalid'
const MAX_LENGTH = 2048
/** Control characters, whitespace browsers strip or fold, and backslashes browsers read as slashes. */
const UNSAFE_CHARACTERS = /[\\\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/

/** Percent-decodes until stable (a double-encoded `%252f` counts as `/`); null when the encoding is broken. */
function fullyDecoded(value: string): string | null {
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
 * A same-origin path to send the user to, or `fallback`. The target is resolved as a browser would
 * (dot segments removed, against this site's origin), both as given and with its path fully percent-decoded, and is
 * accepted only when both stay on this site and cannot be read as a scheme-relative URL.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || to.length === 0 || to.length > MAX_LENGTH) return fallback
	// Only the path can name another host; a query may hold any encoded text, spaces included.
	const decodedPath = fullyDecoded(to.split(/[?#]/, 1)[0]!)
	if (decodedPath === null || resolvedOnSite(decodedPath) === null) return fallback
	const url = resolvedOnSite(to)
	if (url === null) return fallback
	return `${url.pathname}${url.search}${url.hash}`
}
