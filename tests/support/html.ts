import { HTMLElement, parse } from 'node-html-parser'

/** A rendered page, parsed as a browser would read it. */
export function parseHtml(html: string): HTMLElement {
	return parse(html)
}

/** The form on the page that has a control named `fieldName` (the sign-in form has `password`). */
export function formWith(html: string, fieldName: string): HTMLElement {
	const form = parseHtml(html)
		.querySelectorAll('form')
		.find((candidate) => candidate.querySelector(`[name="${fieldName}"]`) !== null)
	if (!form) throw new Error(`no form with a control named ${fieldName}`)
	return form
}

/** The value of the control named `name` inside `form`, or null when the form has no such control. */
export function controlValue(form: HTMLElement, name: string): string | null {
	return form.querySelector(`[name="${name}"]`)?.getAttribute('value') ?? null
}

/** A menu rendered as the sidebar renders it (`ul` of entries, groups as `details`): labels, nested. */
export function menuTree(list: HTMLElement): unknown[] {
	return list.childNodes
		.filter((node): node is HTMLElement => node instanceof HTMLElement && node.tagName === 'LI')
		.map((item) => {
			const label = item.querySelector('.sidebar__label')?.text ?? item.text.trim()
			const nested = item.querySelector('details > ul')
			return nested ? { [label]: menuTree(nested) } : label
		})
}

/** The error summary of a refused form (see ErrorSummary): its heading and the text of each entry; null when the page has none. */
export function errorSummary(html: string): { title: string; items: string[] } | null {
	const summary = parseHtml(html).querySelector('.error-summary')
	if (!summary) return null
	return {
		title: summary.querySelector('h2')?.text.trim() ?? '',
		items: summary.querySelectorAll('li').map((item) => item.text.trim()),
	}
}

/** The `href` of each element matching `selector`, in page order, entities decoded (`&amp;` read as `&`). */
export function hrefs(html: string, selector: string): string[] {
	return parseHtml(html)
		.querySelectorAll(selector)
		.map((element) => element.getAttribute('href') ?? '')
}

/** The text of each table row's heading link (`<th scope="row"><a …>`), in page order: the records a list shows. */
export function rowHeaderLinks(html: string): string[] {
	return parseHtml(html)
		.querySelectorAll('th[scope="row"] > a[href]')
		.map((link) => link.text)
}

/** The options of the select named `name`, in order: value and label. */
export function selectOptions(html: string, name: string): { value: string; label: string }[] {
	const select = parseHtml(html).querySelector(`select[name="${name}"]`)
	if (!select) throw new Error(`no select named ${name}`)
	return select.querySelectorAll('option').map((option) => ({ value: option.getAttribute('value') ?? '', label: option.text.trim() }))
}

/** The cells of a page's first table body, row by row, as text. */
export function tableRows(html: string): string[][] {
	return parseHtml(html)
		.querySelectorAll('table tbody tr')
		.map((row) => row.querySelectorAll('th, td').map((cell) => cell.text.replace(/\s+/g, ' ').trim()))
}
