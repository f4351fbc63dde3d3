import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { bodyAttributes, DEFAULT_LAYOUT, type LayoutSettings } from '~/layout/settings'
import { Cascade, contrastRatio, hex, type Rendered } from '../../tests/support/css-cascade'

/*
 * Contrast of the documented colour pairs, computed from the style sheets the build ships: Bootstrap's
 * dist CSS resolved as the build resolves `bootstrap/dist/css/bootstrap.min.css`, then ours, in the order
 * root.tsx links them (docs/decisions/0019-contrast-from-the-style-sheets.md). Text needs 4.5:1 against what
 * is behind it; control borders and focus indicators 3:1 against the colour around them (WCAG 1.4.3, 1.4.11).
 */
const styles = import.meta.dirname
const bootstrapCss = createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css')
const cascade = new Cascade(
	[bootstrapCss, path.join(styles, 'app.css'), path.join(styles, 'catalogs.css')].map((file) => fs.readFileSync(file, 'utf8')),
)

const TEXT = 4.5
const NON_TEXT = 3

function page(settings: LayoutSettings, content: string, { topbar = '', sidebar = '' } = {}): Rendered {
	const attributes = Object.entries(bodyAttributes(settings))
		.map(([name, value]) => `${name}="${value}"`)
		.join(' ')
	return cascade.render(
		`<html><body ${attributes}><div class="app-shell"><header class="topbar">${topbar}</header><div class="app-body">` +
			`<nav class="sidebar"><ul class="sidebar__list">${sidebar}</ul></nav>` +
			`<div class="app-content"><main class="app-main" id="main">${content}</main></div></div></div></body></html>`,
	)
}

const onCard = (markup: string) => `<div class="card"><div class="card-body">${markup}</div></div>`

type Check = 'text' | 'border' | 'focus'
type Place = 'main' | 'topbar' | 'sidebar'
interface Pair {
	name: string
	markup: string
	check: Check
	place?: Place
}

/**
 * The pairs of one check, a row each: [name, markup], `data-target` marking the element whose colours are
 * measured. A focus ring is measured on that element focused as the keyboard focuses it.
 */
function checked(check: Check, rows: [name: string, markup: string][], place?: Place): Pair[] {
	const focused = (markup: string) => markup.replace('data-target', 'data-target data-focus data-focus-visible')
	return rows.map(([name, markup]) => ({ name, markup: check === 'focus' ? focused(markup) : markup, check, place }))
}

/** The pairs checked in every theme. */
const PAIRS: Pair[] = [
	...checked('text', [
		['body text on the page', '<p data-target>text</p>'],
		['body text on a card', onCard('<p data-target>text</p>')],
		['muted text on the page', '<p class="text-body-secondary" data-target>text</p>'],
		['muted text on a card', onCard('<p class="text-body-secondary" data-target>text</p>')],
		['a link on the page', '<a href="/" data-target>link</a>'],
		['a link on a card', onCard('<a href="/" data-target>link</a>')],
		['a page link (.link-on-page)', '<a href="/" class="link-on-page" data-target>back</a>'],
		['.text-danger on the page', '<p class="text-danger" data-target>error</p>'],
		['.text-danger on a card', onCard('<p class="text-danger" data-target>error</p>')],
		['a field error (.invalid-feedback) on a card', onCard('<div class="invalid-feedback d-block" data-target>error</div>')],
		['.btn-primary', onCard('<button class="btn btn-primary" data-target>save</button>')],
		['.btn-danger', onCard('<button class="btn btn-danger" data-target>delete</button>')],
		['.btn-outline-primary', onCard('<button class="btn btn-outline-primary" data-target>send</button>')],
		['.btn-outline-secondary', onCard('<a class="btn btn-outline-secondary" data-target>cancel</a>')],
		['.btn-outline-secondary on the page (/account/kept-form)', '<a class="btn btn-outline-secondary" data-target>discard</a>'],
		['.btn-outline-dark', onCard('<a class="btn btn-outline-dark" data-target>export</a>')],
		['.btn-outline-success on a card', onCard('<button class="btn btn-outline-success" data-target>unlock</button>')],
		['.btn-outline-danger on a card (lock)', onCard('<button class="btn btn-outline-danger" data-target>lock</button>')],
		[
			'the delete link on /admin/users/{id} (.btn-outline-danger on the page)',
			'<div class="mt-4"><a href="?intent=delete" class="btn btn-outline-danger" data-target>delete</a></div>',
		],
		[
			'a link button (.btn-link) in a dropdown',
			'<div class="dropdown-panel"><button class="btn btn-link btn-sm" data-target>mark all read</button></div>',
		],
		...(['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const).map((variant): [string, string] => [
			`badge .text-bg-${variant}`,
			onCard(`<span class="badge text-bg-${variant}" data-target>3</span>`),
		]),
		...(['danger', 'warning', 'info', 'success'] as const).flatMap((variant): [string, string][] => [
			[`.alert-${variant}`, `<div class="alert alert-${variant}" data-target>message</div>`],
			[`.alert-link in .alert-${variant}`, `<div class="alert alert-${variant}"><a class="alert-link" data-target>link</a></div>`],
		]),
		['.form-control text', onCard('<input class="form-control" data-target>')],
		['a table cell on a card', onCard('<table class="table"><tbody><tr><td data-target>cell</td></tr></tbody></table>')],
		['removed value in a history (del)', onCard('<div class="history-changes"><del data-target>old</del></div>')],
		['added value in a history (ins)', onCard('<div class="history-changes"><ins data-target>new</ins></div>')],
		['dropdown item', '<div class="dropdown-panel"><a class="dropdown-item" data-target>item</a></div>'],
		[
			'dropdown item meta',
			'<div class="dropdown-panel"><a class="dropdown-item"><span class="dropdown-item__meta" data-target>⌘</span></a></div>',
		],
		[
			'a notification time in the bell',
			'<div class="dropdown-panel"><ul class="notifications-list"><li><time class="notification__time" data-target>now</time></li></ul></div>',
		],
		['footer text', '<footer class="app-footer" data-target>1.0.0</footer>'],
		['chart tick', onCard('<svg class="bar-chart"><text class="bar-chart__tick" data-target>5</text></svg>')],
	]),
	...checked('border', [
		['.btn-outline-primary border', onCard('<button class="btn btn-outline-primary" data-target>send</button>')],
		['.btn-outline-secondary border', onCard('<a class="btn btn-outline-secondary" data-target>cancel</a>')],
		['.btn-outline-danger border on a card', onCard('<button class="btn btn-outline-danger" data-target>lock</button>')],
		['the delete link on /admin/users/{id}, border', '<div class="mt-4"><a class="btn btn-outline-danger" data-target>delete</a></div>'],
		['.form-control border on a card', onCard('<input class="form-control" data-target>')],
		['.form-control border on the page (a list filter)', '<input class="form-control" data-target>'],
		['.form-select border on a card', onCard('<select class="form-select" data-target></select>')],
		['.form-check-input border on a card', onCard('<input type="checkbox" class="form-check-input" data-target>')],
	]),
	...checked('focus', [
		['focus ring of a link on the page', '<a href="/" data-target>link</a>'],
		['focus ring of a link on a card', onCard('<a href="/" data-target>link</a>')],
		['focus ring of .btn-primary', onCard('<button class="btn btn-primary" data-target>save</button>')],
		['focus ring of .btn-outline-secondary', onCard('<a class="btn btn-outline-secondary" data-target>cancel</a>')],
		['focus ring of the delete link', '<a class="btn btn-outline-danger" data-target>delete</a>'],
		['focus ring of .btn-link in a dropdown', '<div class="dropdown-panel"><button class="btn btn-link" data-target>x</button></div>'],
		['focus ring of .form-control', onCard('<input class="form-control" data-target>')],
		['focus ring of .form-control on the page', '<input class="form-control" data-target>'],
		['focus ring of .form-select', onCard('<select class="form-select" data-target></select>')],
		['focus ring of .form-check-input', onCard('<input type="checkbox" class="form-check-input" data-target>')],
		['focus ring of a dropdown item', '<div class="dropdown-panel"><a class="dropdown-item" data-target>item</a></div>'],
		[
			'focus ring of the notification list (a scrollable region)',
			'<div class="dropdown-panel"><div class="notifications-scroll" tabindex="0" data-target></div></div>',
		],
		['focus ring of a scrolling table', onCard('<div class="table-responsive" tabindex="0" data-target></div>')],
	]),
]

/** Pairs in the top bar and the sidebar, checked in each of their colours. */
const FRAME_PAIRS: Pair[] = [
	...checked('text', [['top bar button', '<a class="topbar__button" data-target>x</a>']], 'topbar'),
	...checked(
		'focus',
		[
			['focus ring of a top bar button', '<a class="topbar__button" data-target>x</a>'],
			['focus ring of the top bar search', '<form class="topbar__search"><input class="form-control" data-target></form>'],
		],
		'topbar',
	),
	...checked(
		'text',
		[
			['sidebar link', '<li><a class="sidebar__link" data-target>x</a></li>'],
			['sidebar section title', '<li class="sidebar__title" data-target>x</li>'],
			['the current sidebar link', '<li><a class="sidebar__link" aria-current="page" data-target>x</a></li>'],
		],
		'sidebar',
	),
	...checked(
		'focus',
		[
			['focus ring of a sidebar link', '<li><a class="sidebar__link" data-target>x</a></li>'],
			['focus ring of the current sidebar link', '<li><a class="sidebar__link" aria-current="page" data-target>x</a></li>'],
		],
		'sidebar',
	),
]

interface Measured {
	ratio: number
	foreground: string
	background: string
	detail?: string
}

function measure(rendered: Rendered, check: Check): Measured {
	const target = rendered.element()
	if (check === 'text') {
		const background = rendered.background(target)
		const color = rendered.color(target)
		const foreground = { ...color, a: color.a * rendered.opacity(target) }
		return { ratio: contrastRatio(foreground, background), foreground: hex(foreground), background: hex(background) }
	}
	const around = rendered.surroundings(target)
	if (check === 'border') {
		const border = rendered.colorOf(target, ['border-color', 'border', 'border-top-color', 'border-top'])
		if (!border) return { ratio: 0, foreground: 'none', background: hex(around), detail: 'no border' }
		return { ratio: contrastRatio(border, around), foreground: hex(border), background: hex(around) }
	}
	const ring = rendered.focusRing(target)
	if (!ring) return { ratio: 0, foreground: 'none', background: hex(around), detail: 'no focus indicator' }
	return {
		ratio: contrastRatio(ring.color, around),
		foreground: hex(ring.color),
		background: hex(around),
		detail: `${ring.kind} ${ring.width}`,
	}
}

const MODES = ['light', 'dark'] as const

function expectPair(settings: LayoutSettings, pair: Pair) {
	const place = pair.place ?? 'main'
	const rendered = page(settings, place === 'main' ? pair.markup : '', { [place]: pair.markup })
	const result = measure(rendered, pair.check)
	const needed = pair.check === 'text' ? TEXT : NON_TEXT
	const summary = `${result.foreground} on ${result.background}${result.detail ? ` (${result.detail})` : ''}: ${result.ratio.toFixed(2)}:1`
	expect(result.ratio, summary).toBeGreaterThanOrEqual(needed)
	if (pair.check === 'focus') expect(result.detail, 'a focus outline at least 2 px wide').toMatch(/^outline (2|3)px$/)
}

for (const mode of MODES) {
	describe(`In ${mode} mode`, () => {
		test.each(PAIRS.map((pair) => [pair.name, pair] as const))('%s has enough contrast', (_name, pair) => {
			expectPair({ ...DEFAULT_LAYOUT, mode }, pair)
		})

		for (const colour of ['light', 'dark', 'colored'] as const) {
			test.each(FRAME_PAIRS.map((pair) => [pair.name, pair] as const))(
				`%s has enough contrast (${colour} top bar and sidebar)`,
				(_name, pair) => {
					expectPair({ ...DEFAULT_LAYOUT, mode, topbar: colour, sidebar: colour }, pair)
				},
			)
		}
	})
}

describe('The cascade the contrast test relies on', () => {
	test('resolves a var() chain through inherited custom properties and Bootstrap’s dark theme', () => {
		const rendered = page({ ...DEFAULT_LAYOUT, mode: 'dark' }, '<div class="alert alert-danger" data-target>x</div>')
		expect(rendered.custom(rendered.element(), '--bs-alert-bg')).toBe(rendered.custom(rendered.element('body'), '--bs-danger-bg-subtle'))
		expect(rendered.custom(rendered.element('body'), '--bs-body-bg')).toBe('#1d2130')
	})

	test('lets !important beat a more specific rule, and the later of two !important rules win', () => {
		const rendered = page(DEFAULT_LAYOUT, '<div class="alert alert-info"><p class="text-danger" data-target>x</p></div>')
		expect(rendered.specified(rendered.element(), ['color'])).toBe('#b02a37')
	})

	test('finds no focus indicator where Bootstrap draws only a translucent shadow', () => {
		const rendered = cascade.render('<html><body data-bs-theme="light"><input class="form-control" data-target data-focus></body></html>')
		expect(rendered.focusRing(rendered.element())).toEqual({
			kind: 'box-shadow',
			color: { r: 13, g: 110, b: 253, a: 0.25 },
			width: '.25rem',
		})
	})
})
