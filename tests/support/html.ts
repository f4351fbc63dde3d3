import { parse, type HTMLElement } from 'node-html-parser'

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
