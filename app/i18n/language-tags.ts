import type { i18n as I18n } from 'i18next'
import { localeTag } from './format'

/**
 * i18next knows the interface languages by their seed codes (`vn`, the cookie value and file name), which
 * Intl does not: `vn` would get English plural rules and number formats. This points an initialised
 * instance's plural rules and its `number` format (`{{count, number}}`) at the real BCP 47 tag (`vi`).
 * Every instance, on the server and in the browser, goes through here.
 */
export function withLanguageTags(instance: I18n): I18n {
	const { pluralResolver, formatter } = instance.services
	const getRule = pluralResolver.getRule.bind(pluralResolver)
	pluralResolver.getRule = (code: string, options?: object) => getRule(localeTag(code), options)
	formatter?.addCached('number', (language: string | undefined, options: Intl.NumberFormatOptions) => {
		const numbers = new Intl.NumberFormat(localeTag(language ?? ''), options)
		return (value: number) => numbers.format(value)
	})
	return instance
}
