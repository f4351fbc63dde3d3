import type { i18n as I18n } from 'i18next'

/** More distinct plain keys than the locale files hold means keys built from data: those are not kept. */
const MAX_PLAIN = 20_000
/** Texts with values (a row's name, a count) are as many as the data: the latest are kept, first in, first out. */
const MAX_WITH_VALUES = 5_000

/** The options a component's `t` adds by itself (react-i18next's fixed `t`), which change nothing here. */
function isOwnDefault(name: string, value: unknown, language: string): boolean {
	if (value === undefined || value === null) return true
	if (name === 'lng') return value === language
	if (name === 'ns') return value === 'translation' || (Array.isArray(value) && value.length === 1 && value[0] === 'translation')
	return false
}

/**
 * Where a call's text is kept: '' for no values, the values written out (JSON, no NUL) when each is a string,
 * number or boolean, null when the call is not kept (another language or namespace, an object among its
 * options).
 */
function valuesKey(options: unknown, language: string): string | null {
	if (options === undefined) return ''
	if (options === null || typeof options !== 'object') return null
	let key = ''
	for (const [name, value] of Object.entries(options)) {
		if (name === 'lng' || name === 'lngs' || name === 'ns' || name === 'keyPrefix') {
			if (!isOwnDefault(name, value, language)) return null
			continue
		}
		// JSON keeps the key one-to-one: no value can pass for another's separator or type.
		if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
			key += `,${JSON.stringify(name)}:${JSON.stringify(value)}`
		else if (value !== undefined) return null
	}
	return key
}

/**
 * On the server an instance's translations are loaded once and never change, and it never switches language
 * (i18n.server.ts): a key asked with the same values always gives the same text. i18next resolves each call
 * afresh (3 µs and more: key splitting, lookups, nesting, plural rules, interpolation and formats), and a page
 * asks for a hundred texts and more, a list page a few for each of its rows. This instance keeps each key's
 * text after its first use: without values for good, with values (strings, numbers, booleans) among the
 * latest few thousand. Calls for another language or namespace, or with an object among their options, go to
 * i18next as before.
 */
export function withTextsKept(instance: I18n): I18n {
	// i18next's typed overloads describe its callers; this wrapper passes whatever they pass.
	const translate = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => unknown
	const language = instance.language
	const plain = textStore(MAX_PLAIN, 'stops')
	const withValues = textStore(MAX_WITH_VALUES, 'drops-oldest')
	instance.t = ((key: unknown, options?: unknown) => {
		const values = typeof key === 'string' ? valuesKey(options, language) : null
		if (values === null) return translate(key, options)
		const [store, textKey] = values === '' ? [plain, key as string] : [withValues, `${key as string}\u0000${values}`]
		const found = store.get(textKey)
		if (found !== undefined) return found
		const text = translate(key, options)
		if (typeof text === 'string') store.keep(textKey, text)
		return text
	}) as I18n['t']
	return instance
}

/** Texts by key, at most `max`: when full, a store either keeps no more or lets its oldest go. */
function textStore(max: number, whenFull: 'stops' | 'drops-oldest') {
	const texts = new Map<string, string>()
	return {
		get: (key: string) => texts.get(key),
		keep(key: string, text: string) {
			if (texts.size >= max) {
				if (whenFull === 'stops') return
				texts.delete(texts.keys().next().value!)
			}
			texts.set(key, text)
		},
	}
}
