import type { i18n as I18n } from 'i18next'

/** More distinct plain keys than the locale files hold means keys built from data: those are not kept. */
const MAX_KEPT = 20_000

/** The options a component's `t` adds by itself (react-i18next's fixed `t`): none of them changes the text. */
function isPlain(options: unknown, language: string): boolean {
	if (options === undefined) return true
	if (options === null || typeof options !== 'object') return false
	for (const [name, value] of Object.entries(options)) {
		if (value === undefined || value === null) continue
		if (name === 'lng' && value === language) continue
		if (name === 'ns' && (value === 'translation' || (Array.isArray(value) && value.length === 1 && value[0] === 'translation'))) continue
		return false
	}
	return true
}

/**
 * On the server an instance's translations are loaded once and never change, and it never switches language
 * (i18n.server.ts): a key asked without values always gives the same text. i18next resolves each call afresh
 * (about 3 µs: key splitting, lookups, nesting and interpolation checks), and a page asks for a hundred or more
 * of them, so this instance keeps each plain key's text after its first use. Calls with values (counts,
 * names, a default) go to i18next as before.
 */
export function withPlainTextsKept(instance: I18n): I18n {
	// i18next's typed overloads describe its callers; this wrapper passes whatever they pass.
	const translate = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => unknown
	const language = instance.language
	const texts = new Map<string, unknown>()
	const kept = ((key: unknown, options?: unknown) => {
		if (typeof key !== 'string' || !isPlain(options, language)) return translate(key, options)
		let text = texts.get(key)
		if (text === undefined) {
			text = translate(key, options)
			if (typeof text === 'string' && texts.size < MAX_KEPT) texts.set(key, text)
		}
		return text
	}) as I18n['t']
	instance.t = kept
	return instance
}
