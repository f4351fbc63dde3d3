/**
 * A readable name for the browser and system a User-Agent header names ("Firefox 128", "Windows"), for
 * people to recognise their own devices. Only names from the lists below come out, never text from the
 * header itself, so a crafted header cannot put words into a notice. Null for what is not recognised.
 */
export interface UserAgentSummary {
	browser: string | null
	os: string | null
}

/** Longer headers are cut here before they are read (the sessions table keeps 512 characters too). */
const MAX_LENGTH = 512

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, and so on.
const BROWSERS: readonly [RegExp, string][] = [
	[/\bEdg(?:e|A|iOS)?\/(\d{1,5})/, 'Edge'],
	[/\b(?:OPR|Opera)\/(\d{1,5})/, 'Opera'],
	[/\bSamsungBrowser\/(\d{1,5})/, 'Samsung Internet'],
	[/\bYaBrowser\/(\d{1,5})/, 'Yandex Browser'],
	[/\bVivaldi\/(\d{1,5})/, 'Vivaldi'],
	[/\b(?:Firefox|FxiOS)\/(\d{1,5})/, 'Firefox'],
	[/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d{1,5})/, 'Chrome'],
	[/\bVersion\/(\d{1,5})[.\d]* (?:Mobile\/\w+ )?Safari\//, 'Safari'],
	[/\bELinks\/(\d{1,5})/, 'ELinks'],
	[/^Links \((\d{1,5})/, 'Links'],
	[/^Lynx\/(\d{1,5})/, 'Lynx'],
	[/^w3m\/(\d{1,5})/, 'w3m'],
]

const SYSTEMS: readonly [RegExp, string][] = [
	[/\bWindows Phone\b/, 'Windows Phone'],
	[/\bWindows\b/, 'Windows'],
	[/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
	[/\bFreeBSD\b/, 'FreeBSD'],
	[/\b(?:Linux|X11)\b/, 'Linux'],
]

export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
	const header = (userAgent ?? '').slice(0, MAX_LENGTH)
	let browser: string | null = null
	for (const [pattern, name] of BROWSERS) {
		const match = pattern.exec(header)
		if (match) {
			browser = `${name} ${Number(match[1])}`
			break
		}
	}
	const os = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1] ?? null
	return { browser, os }
}

/** "Firefox 128 (Windows)", "Firefox 128", "Windows", or null when neither is recognised. */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
	const { browser, os } = summarizeUserAgent(userAgent)
	if (browser && os) return `${browser} (${os})`
	return browser ?? os
}
