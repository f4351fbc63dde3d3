/**
 * The security headers of every answer (pages, API, refusals, static files, probes), set once before
 * anything answers; the CSP allows inline scripts only with this response's nonce.
 */
/**
 * `formOrigins`: other origins a form's POST may be redirected to. Browsers check `form-action` on each
 * redirect too: the company sign-in's start and the sign-out redirect to the OpenID provider.
 */
export function securityHeaders({
	nonce,
	secure,
	formOrigins = [],
}: {
	nonce: string
	secure: boolean
	formOrigins?: readonly string[]
}): Record<string, string> {
	const csp = [
		"default-src 'self'",
		`script-src 'self' 'nonce-${nonce}'`,
		"style-src 'self'",
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'none'",
		["form-action 'self'", ...formOrigins].join(' '),
		"frame-ancestors 'none'",
		...(secure ? ['upgrade-insecure-requests'] : []),
	].join('; ')
	return {
		'Content-Security-Policy': csp,
		'X-Content-Type-Options': 'nosniff',
		'X-Frame-Options': 'DENY',
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Cross-Origin-Resource-Policy': 'same-origin',
		'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
		...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
	}
}
