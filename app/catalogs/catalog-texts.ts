import type { TFunction } from 'i18next'

/**
 * The texts every catalog's pages show, written once per language under `catalogPages` with the catalog's
 * noun filled in (decision 0079). A catalog writes its `title`, its `noun` and its fields; it may write any of
 * these under its own text tree too, and that text is shown instead (the tools' search hint names the serial
 * number).
 */
export const CATALOG_TEXTS = [
	'new',
	'formLabel',
	'searchForm',
	'searchHint',
	'emptyTitle',
	'emptyBody',
	'backToList',
	'created',
	'saved',
	'deleted',
	'delete',
	'deleteTitle',
	'deleteQuestion',
	'deleteConfirm',
	'importTitle',
] as const

export type CatalogTextName = (typeof CATALOG_TEXTS)[number]

export function isCatalogTextName(name: string): name is CatalogTextName {
	return (CATALOG_TEXTS as readonly string[]).includes(name)
}

/**
 * The forms of a noun the generic texts may use. Each language's texts use those its grammar needs, and each
 * catalog's `noun` in that language gives exactly those (`app/catalogs/catalog-texts.test.ts`): English and
 * Vietnamese `one` and `other`; Russian its cases; Italian the forms with their article.
 */
export const NOUN_FORMS = [
	'one',
	'other',
	'accusative',
	'genitive',
	'genitivePlural',
	'dativePlural',
	'definite',
	'definitePlural',
	'ofDefinite',
] as const

export type NounForm = (typeof NOUN_FORMS)[number]

/** A noun's gender, where the language's texts agree with it: i18next's context (`new_feminine`). */
export const GENDERS = ['feminine', 'masculine', 'neuter'] as const

/** A form with its first letter upper case, for the start of a sentence: `{{One}}`, `{{GenitivePlural}}`. */
export function sentenceForm(form: NounForm): string {
	return form.charAt(0).toUpperCase() + form.slice(1)
}

function sentenceCase(word: string): string {
	const [first = '', ...rest] = word
	return first.toLocaleUpperCase() + rest.join('')
}

/** The values that fill a catalog's noun into a generic text (every form, in both cases, and the gender as context). */
export function nounValues(t: TFunction, texts: string): Record<string, string> {
	const noun = t(`${texts}.noun`, { returnObjects: true }) as unknown
	const values: Record<string, string> = {}
	if (noun === null || typeof noun !== 'object') return values
	const forms = noun as Partial<Record<NounForm | 'gender', unknown>>
	for (const form of NOUN_FORMS) {
		const word = forms[form]
		if (typeof word !== 'string') continue
		values[form] = word
		values[sentenceForm(form)] = sentenceCase(word)
	}
	if (typeof forms.gender === 'string') values.context = forms.gender
	return values
}

/**
 * One of a catalog's page texts: its own under `texts` (`stations`, `referenceLists.stationTypes`) when it
 * writes one, else the generic one with its noun.
 */
export function catalogText(t: TFunction, texts: string, name: CatalogTextName, values: Record<string, string | number> = {}): string {
	return t([`${texts}.${name}`, `catalogPages.${name}`], { ...nounValues(t, texts), ...values }) as string
}
