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
	['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d{1,5})/],
	['Opera', /\b(?:OPR|OPiOS|OPT)\/(\d{1,5})|^Opera\/.*\bVersion\/(\d{1,5})|\bOpera[ /](\d{1,5})/],
	['Samsung Internet', /\bSamsungBrowser\/(\d{1,5})/],
	['Cốc Cốc', /\bcoc_coc_browser\/(\d{1,5})/],
	['Yandex Browser', /\bYaBrowser\/(\d{1,5})/],
	['Vivaldi', /\bVivaldi\/(\d{1,5})/],
	['Firefox', /\b(?:Firefox|FxiOS)\/(\d{1,5})/],
	['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d{1,5})/],
	['Safari', /\bVersion\/(\d{1,5})\S* (?:Mobile\/\S+ )?Safari\//],
	['ELinks', /\bELinks\/(\d{1,5})/],
	['Links', /^Links \((\d{1,5})/],
	['Lynx', /^Lynx\/(\d{1,5})/],
	['w3m', /^w3m\/(\d{1,5})/],
	['curl', /^curl\/(\d{1,5})/],
	['Wget', /^Wget\/(\d{1,5})/],
]

/** iOS, Android and ChromeOS before macOS and Linux: an iPhone is "like Mac OS X", Android and ChromeOS run Linux. */
const SYSTEMS: readonly (readonly [name: string, pattern: RegExp])[] = [
	['Windows Phone', /\bWindows Phone\b/],
	['Windows', /\bWindows\b/],
	['iOS', /\b(?:iPhone|iPad|iPod)\b/],
	['Android', /\bAndroid\b/],
	['ChromeOS', /\bCrOS\b/],
	['macOS', /\bMacintosh\b|\bMac OS X\b/],
	['FreeBSD', /\bFreeBSD\b/],
	['Linux', /\bLinux\b|\bX11\b/],
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
		const digits = match.slice(1).find((group) => group !== undefined)
		version = digits === undefined ? null : String(Number(digits))
		break
	}
	const os = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? null
	return { browser, version, os }
}

/** "Firefox 128 (Windows)", "Firefox 128", "Windows", or null when neither is recognised (for notices). */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
	const { browser, version, os } = parseUserAgent(userAgent)
	const named = browser && version ? `${browser} ${version}` : browser
	if (named && os) return `${named} (${os})`
	return named ?? os
}
