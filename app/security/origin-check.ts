const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE'])

export interface OriginFacts {
	method: string
	/** The Origin header, if the client sent one. */
	origin: string | undefined
	/** The Sec-Fetch-Site header, if the client sent one. */
	secFetchSite: string | undefined
	/** This server's own origin as the client addressed it, e.g. `http://localhost:3000`. */
	ownOrigin: string
}

/**
 * Whether an unsafe request comes from another site. Browsers that send neither header
 * (text browsers, curl) are allowed: SameSite cookies and form tokens still protect them.
 */
export function isCrossSiteRequest({ method, origin, secFetchSite, ownOrigin }: OriginFacts): boolean {
	if (SAFE_METHODS.has(method.toUpperCase())) return false
	if (secFetchSite && secFetchSite !== 'same-origin' && secFetchSite !== 'none') return true
	if (origin !== undefined) {
		if (origin === 'null') return true
		return origin.toLowerCase() !== ownOrigin.toLowerCase()
	}
	return false
}
