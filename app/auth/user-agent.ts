/**
 * The browser and operating system a `User-Agent` header names, for showing a person where they are
 * signed in. Only what a reader recognises (the product's name, the browser's major version); never
 * used to decide anything. Names are product names, the same in every language; null when unknown.
 */

export interface UserAgentSummary {
	browser: string | null
	/** The browser's major version, when it gives one. */
	version: string | null
	os: string | null
}

/** Most specific first: Edge, Opera, Samsung Internet and Cốc Cốc also say "Chrome" and "Safari"; Chrome says "Safari". */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
	['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
	['Opera', /\b(?:OPR|OPiOS|OPT)\/(\d+)|^Opera\/.*\bVersion\/(\d+)|\bOpera[ /](\d+)/],
	['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
	['Cốc Cốc', /\bcoc_coc_browser\/(\d+)/],
	['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
	['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
	['Safari', /\bVersion\/(\d+)\S* (?:Mobile\/\S+ )?Safari\//],
	['curl', /^curl\/(\d+)/],
	['Wget', /^Wget\/(\d+)/],
]

/** iOS, Android and ChromeOS before macOS and Linux: an iPhone is "like Mac OS X", Android and ChromeOS run Linux. */
const SYSTEMS: readonly (readonly [name: string, pattern: RegExp])[] = [
	['Windows', /\bWindows\b/],
	['iOS', /\b(?:iPhone|iPad|iPod)\b/],
	['Android', /\bAndroid\b/],
	['ChromeOS', /\bCrOS\b/],
	['macOS', /\bMacintosh\b|\bMac OS X\b/],
	['Linux', /\bLinux\b/],
]

/** Longer headers than any real browser sends are not looked into. */
const MAX_LENGTH = 512

export function parseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
	const text = (userAgent ?? '').slice(0, MAX_LENGTH)
	let browser: string | null = null
	let version: string | null = null
	for (const [name, pattern] of BROWSERS) {
		const match = pattern.exec(text)
		if (!match) continue
		browser = name
		version = match.slice(1).find((group) => group !== undefined) ?? null
		break
	}
	const os = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? null
	return { browser, version, os }
}
