import { describe, expect, test } from 'vitest'
import { flatLocales } from '../../tests/support/locales'
import { getI18nInstance } from '~/i18n/i18n.server'
import { LANGUAGE_CODES, type LanguageCode } from '~/i18n/languages'
import { CATALOG_TEXTS, GENDERS, NOUN_FORMS, catalogText, sentenceForm } from './catalog-texts'
import { CATALOGS } from './registry'
import { getRequestCatalog } from './routes/catalog-routes.server'

/** The text tree of every catalog of the registry (`stations`, `referenceLists.stationTypes`, …). */
const TEXT_TREES = Object.values(CATALOGS).map(
	(entry) => getRequestCatalog(new Request(`http://portal.test/${entry.prefix}`)).routes.import.spec.pages.key,
)
const flat = flatLocales()
const t = (language: LanguageCode) => getI18nInstance(language).t

/** The noun forms a language's generic texts use (`{{one}}` and `{{One}}` are the form `one`). */
function formsUsed(language: LanguageCode): Set<string> {
	const used = new Set<string>()
	for (const [key, text] of Object.entries(flat[language])) {
		if (!key.startsWith('catalogPages.')) continue
		for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g))
			for (const form of NOUN_FORMS) if (name === form || name === sentenceForm(form)) used.add(form)
	}
	return used
}

/** Whether a language's generic texts agree with a gender anywhere (`catalogPages.new_feminine`). */
function usesGender(language: LanguageCode): boolean {
	return Object.keys(flat[language]).some((key) => key.startsWith('catalogPages.') && GENDERS.some((gender) => key.endsWith(`_${gender}`)))
}

describe('the generic texts of a catalog', () => {
	test('are read for every catalog of the registry, each from its own tree of the locale files', () => {
		expect(TEXT_TREES).toHaveLength(Object.keys(CATALOGS).length)
		expect(TEXT_TREES).toEqual(
			expect.arrayContaining(['stations', 'referenceLists.stationTypes', 'tools', 'referenceLists.toolCategories']),
		)
		for (const tree of TEXT_TREES) expect(flat.vn[`${tree}.title`], `${tree}.title`).toBeTruthy()
	})

	test.each(LANGUAGE_CODES)(
		'%s: every catalog has exactly the noun forms the language’s texts use, and a gender where they agree with one',
		(language) => {
			const needed = [...formsUsed(language)].sort()
			expect(needed.length).toBeGreaterThan(0)
			for (const tree of TEXT_TREES) {
				const forms = Object.keys(flat[language])
					.filter((key) => key.startsWith(`${tree}.noun.`))
					.map((key) => key.slice(`${tree}.noun.`.length))
				expect(forms.filter((form) => form !== 'gender').sort(), `${tree}.noun in ${language}`).toEqual(needed)
				const gender = flat[language][`${tree}.noun.gender`]
				if (usesGender(language)) expect(GENDERS, `${tree}.noun.gender in ${language}`).toContain(gender)
				else expect(gender, `${tree}.noun.gender in ${language}`).toBeUndefined()
			}
		},
	)

	test.each(LANGUAGE_CODES)('%s: each catalog’s every page text comes out whole, without a placeholder or a key', (language) => {
		for (const tree of TEXT_TREES)
			for (const name of CATALOG_TEXTS) {
				const text = catalogText(t(language), tree, name, { code: 'ST-01', name: 'Tên' })
				expect(text, `${tree} ${name} in ${language}`).not.toMatch(/\{\{|\}\}|catalogPages|\.noun|^\s|\s$|\s\s/)
				expect(text.length).toBeGreaterThan(2)
			}
	})

	test('the noun goes in with the grammar of each language', () => {
		const text = (language: LanguageCode, tree: string, name: (typeof CATALOG_TEXTS)[number]) =>
			catalogText(t(language), tree, name, { code: 'X-1', name: 'N' })
		expect(text('en', 'stations', 'created')).toBe('Station X-1 was created.')
		expect(text('en', 'referenceLists.toolCategories', 'emptyTitle')).toBe('No tool categories yet')
		expect(text('vn', 'stations', 'new')).toBe('Thêm trạm')
		expect(text('vn', 'tools', 'deleted')).toBe('Đã xóa công cụ X-1.')
		expect(text('de', 'stations', 'new')).toBe('Neue Station')
		expect(text('de', 'tools', 'new')).toBe('Neues Werkzeug')
		expect(text('de', 'referenceLists.stationTypes', 'new')).toBe('Neuer Stationstyp')
		expect(text('de', 'tools', 'backToList')).toBe('Zurück zu den Werkzeugen')
		expect(text('ru', 'referenceLists.toolCategories', 'delete')).toBe('Удалить категорию инструментов')
		expect(text('ru', 'stations', 'created')).toBe('Станция X-1 создана.')
		expect(text('ru', 'tools', 'saved')).toBe('Инструмент X-1 сохранён.')
		expect(text('ru', 'referenceLists.stationTypes', 'emptyTitle')).toBe('Типов станций пока нет')
		expect(text('es', 'stations', 'deleteConfirm')).toBe('Sí, eliminar la estación')
		expect(text('es', 'referenceLists.stationTypes', 'deleteConfirm')).toBe('Sí, eliminar el tipo de estación')
		expect(text('it', 'tools', 'created')).toBe('L’attrezzo X-1 è stato creato.')
		expect(text('it', 'stations', 'emptyBody')).toBe('Le stazioni aggiunte o importate compaiono qui.')
		expect(text('it', 'referenceLists.stationTypes', 'formLabel')).toBe('Dati del tipo di stazione')
	})

	test('a catalog’s own text stands in for the generic one', () => {
		expect(catalogText(t('en'), 'tools', 'searchHint')).toBe(flat.en['tools.searchHint'])
		expect(catalogText(t('en'), 'stations', 'searchHint')).toBe(flat.en['catalogPages.searchHint'])
		expect(catalogText(t('vn'), 'referenceLists.stationTypes', 'emptyBody')).toBe(flat.vn['referenceLists.stationTypes.emptyBody'])
	})
})
