const BASE = 'http://portal.invalid'

/**
 * A same-origin path to send the user to, or `fallback`. Rejects absolute and protocol-relative URLs,
 * backslashes, and control or whitespace characters (browsers strip a tab, turning `/\t/evil` into `//evil`).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
	if (!to.startsWith('/') || to.startsWith('//')) return fallback
	if (/[\\\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(to)) return fallback
	try {
		const url = new URL(to, BASE)
		if (url.origin !== BASE) return fallback
		return `${url.pathname}${url.search}${url.hash}`
	} catch {
		return fallback
	}
}
