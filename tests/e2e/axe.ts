import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from '@playwright/test'
import { closeWhenTestEnds, expect, test } from './support'

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core 4.13 tags them (2.2 adds only AA rules). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

/** Each violation as one readable paragraph: rule, impact, help link, then each offending element and what to fix. */
function describeViolations(violations: AxeResults['violations']): string[] {
	return violations.map((violation) =>
		[
			`[${violation.impact ?? 'unknown impact'}] ${violation.id}: ${violation.help}`,
			`  ${violation.helpUrl}`,
			...violation.nodes.map(
				(node) => `  - ${node.target.join(' ')}: ${node.html}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
			),
		].join('\n'),
	)
}

/**
 * Fails the test when axe finds a WCAG 2.2 AA violation on the page; `include` limits the check to a part of
 * it (a CSS selector such as `#main`, when the shell around it has been checked already).
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
	const checked = test.info().project.use.javaScriptEnabled === false ? await scriptlessCopy(page) : page
	await expectNoViolationsIn(checked, page.url(), include)
}

/**
 * axe runs as a script, which a page without JavaScript refuses (the call waits for ever): it checks a copy
 * of the page's current document instead, shown in a second browser whose policy forbids the page's own scripts.
 */
async function scriptlessCopy(page: Page): Promise<Page> {
	const html = await page.content()
	const copy = await scriptlessBrowser(page)
	await copy.unrouteAll()
	await copy.route(page.url(), (route) =>
		route.fulfill({
			status: 200,
			contentType: 'text/html; charset=utf-8',
			headers: { 'Content-Security-Policy': "script-src 'none'" },
			body: html,
		}),
	)
	await copy.goto(page.url())
	return copy
}

/** The page that shows the copies of a JavaScript-less browser context: one per context, closed when its test ends. */
const scriptlessBrowsers = new WeakMap<BrowserContext, Promise<Page>>()
function scriptlessBrowser(page: Page): Promise<Page> {
	const context = page.context()
	let copy = scriptlessBrowsers.get(context)
	if (!copy) {
		copy = context
			.browser()!
			.newContext({ javaScriptEnabled: true, reducedMotion: 'reduce', viewport: page.viewportSize() })
			.then((second) => {
				closeWhenTestEnds(second)
				return second.newPage()
			})
		scriptlessBrowsers.set(context, copy)
	}
	return copy
}

async function expectNoViolationsIn(page: Page, url: string, include?: string) {
	// Details of the rules that pass are not needed, and gathering them is much of axe's time on a long table.
	// options() replaces every option, the tags too: it comes first. Legacy mode runs axe in the page itself:
	// the default opens a blank page per check to merge the results of cross-origin frames, which the portal
	// has none of, and that more than doubled a check's browser time (370 → 160 ms on the sign-in page, same results).
	const builder = new AxeBuilder({ page })
		.setLegacyMode(true)
		.options({ resultTypes: ['violations'] })
		.withTags(WCAG_22_AA)
	if (include) builder.include(include)
	const results = await builder.analyze()
	expect(describeViolations(results.violations), `accessibility violations on ${url}${include ? ` in ${include}` : ''}`).toEqual([])
}
