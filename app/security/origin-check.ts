const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE'])

export interface OriginFacts {
	method: string
	/** The Origin header, if the client sent one. */
	origin: string | undefined
	/** The Sec-Fetch-Site header, if the client sent one. */
	secFetchSite: string | undefined
	/** This server's own origin as the client addressed it (a URL's `origin`), e.g. `http://localhost:3000`. */
	ownOrigin: string
}

/** An Origin header as a URL's `origin` (host in lower case, no default port), or null when it is none. */
function normalisedOrigin(origin: string): string | null {
	try {
		const url = new URL(origin)
		return url.origin === 'null' ? null : url.origin
	} catch {
		return null
	}
}

/**
 * Whether an unsafe request comes from another site. Browsers that send neither header
 * (text browsers, curl) are allowed: SameSite cookies and form tokens still protect them.
 */
export function isCrossSiteRequest({ method, origin, secFetchSite, ownOrigin }: OriginFacts): boolean {
	if (SAFE_METHODS.has(method.toUpperCase())) return false
	if (secFetchSite && secFetchSite !== 'same-origin' && secFetchSite !== 'none') return true
	// Compared as origins, so that the framework's own check of the host (Remix's, on actions) agrees.
	if (origin !== undefined) return normalisedOrigin(origin) !== ownOrigin
	return false
}
