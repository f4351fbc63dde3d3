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
interface Pair {
	name: string
	markup: string
	check: Check
	place?: 'main' | 'topbar' | 'sidebar'
}

/** The pairs checked in every theme; `data-target` marks the element whose colours are measured. */
const PAIRS: Pair[] = [
	{ name: 'body text on the page', markup: '<p data-target>text</p>', check: 'text' },
	{ name: 'body text on a card', markup: onCard('<p data-target>text</p>'), check: 'text' },
	{ name: 'muted text on the page', markup: '<p class="text-body-secondary" data-target>text</p>', check: 'text' },
	{ name: 'muted text on a card', markup: onCard('<p class="text-body-secondary" data-target>text</p>'), check: 'text' },
	{ name: 'a link on the page', markup: '<a href="/" data-target>link</a>', check: 'text' },
	{ name: 'a link on a card', markup: onCard('<a href="/" data-target>link</a>'), check: 'text' },
	{ name: 'a page link (.link-on-page)', markup: '<a href="/" class="link-on-page" data-target>back</a>', check: 'text' },
	{ name: '.text-danger on the page', markup: '<p class="text-danger" data-target>error</p>', check: 'text' },
	{ name: '.text-danger on a card', markup: onCard('<p class="text-danger" data-target>error</p>'), check: 'text' },
	{
		name: 'a field error (.invalid-feedback) on a card',
		markup: onCard('<div class="invalid-feedback d-block" data-target>error</div>'),
		check: 'text',
	},
	{ name: '.btn-primary', markup: onCard('<button class="btn btn-primary" data-target>save</button>'), check: 'text' },
	{ name: '.btn-danger', markup: onCard('<button class="btn btn-danger" data-target>delete</button>'), check: 'text' },
	{ name: '.btn-outline-primary', markup: onCard('<button class="btn btn-outline-primary" data-target>send</button>'), check: 'text' },
	{
		name: '.btn-outline-primary border',
		markup: onCard('<button class="btn btn-outline-primary" data-target>send</button>'),
		check: 'border',
	},
	{ name: '.btn-outline-secondary', markup: onCard('<a class="btn btn-outline-secondary" data-target>cancel</a>'), check: 'text' },
	{ name: '.btn-outline-secondary border', markup: onCard('<a class="btn btn-outline-secondary" data-target>cancel</a>'), check: 'border' },
	{
		name: '.btn-outline-secondary on the page (/account/kept-form)',
		markup: '<a class="btn btn-outline-secondary" data-target>discard</a>',
		check: 'text',
	},
	{ name: '.btn-outline-dark', markup: onCard('<a class="btn btn-outline-dark" data-target>export</a>'), check: 'text' },
	{
		name: '.btn-outline-success on a card',
		markup: onCard('<button class="btn btn-outline-success" data-target>unlock</button>'),
		check: 'text',
	},
	{
		name: '.btn-outline-danger on a card (lock)',
		markup: onCard('<button class="btn btn-outline-danger" data-target>lock</button>'),
		check: 'text',
	},
	{
		name: '.btn-outline-danger border on a card',
		markup: onCard('<button class="btn btn-outline-danger" data-target>lock</button>'),
		check: 'border',
	},
	{
		name: 'the delete link on /admin/users/{id} (.btn-outline-danger on the page)',
		markup: '<div class="mt-4"><a href="?intent=delete" class="btn btn-outline-danger" data-target>delete</a></div>',
		check: 'text',
	},
	{
		name: 'the delete link on /admin/users/{id}, border',
		markup: '<div class="mt-4"><a class="btn btn-outline-danger" data-target>delete</a></div>',
		check: 'border',
	},
	{
		name: 'a link button (.btn-link) in a dropdown',
		markup: '<div class="dropdown-panel"><button class="btn btn-link btn-sm" data-target>mark all read</button></div>',
		check: 'text',
	},
	...(['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'] as const).map((variant) => ({
		name: `badge .text-bg-${variant}`,
		markup: onCard(`<span class="badge text-bg-${variant}" data-target>3</span>`),
		check: 'text' as const,
	})),
	...(['danger', 'warning', 'info', 'success'] as const).flatMap((variant) => [
		{ name: `.alert-${variant}`, markup: `<div class="alert alert-${variant}" data-target>message</div>`, check: 'text' as const },
		{
			name: `.alert-link in .alert-${variant}`,
			markup: `<div class="alert alert-${variant}"><a class="alert-link" data-target>link</a></div>`,
			check: 'text' as const,
		},
	]),
	{ name: '.form-control text', markup: onCard('<input class="form-control" data-target>'), check: 'text' },
	{ name: '.form-control border on a card', markup: onCard('<input class="form-control" data-target>'), check: 'border' },
	{ name: '.form-control border on the page (a list filter)', markup: '<input class="form-control" data-target>', check: 'border' },
	{ name: '.form-select border on a card', markup: onCard('<select class="form-select" data-target></select>'), check: 'border' },
	{
		name: '.form-check-input border on a card',
		markup: onCard('<input type="checkbox" class="form-check-input" data-target>'),
		check: 'border',
	},
	{
		name: 'a table cell on a card',
		markup: onCard('<table class="table"><tbody><tr><td data-target>cell</td></tr></tbody></table>'),
		check: 'text',
	},
	{
		name: 'removed value in a history (del)',
		markup: onCard('<div class="history-changes"><del data-target>old</del></div>'),
		check: 'text',
	},
	{
		name: 'added value in a history (ins)',
		markup: onCard('<div class="history-changes"><ins data-target>new</ins></div>'),
		check: 'text',
	},
	{ name: 'dropdown item', markup: '<div class="dropdown-panel"><a class="dropdown-item" data-target>item</a></div>', check: 'text' },
	{
		name: 'dropdown item meta',
		markup: '<div class="dropdown-panel"><a class="dropdown-item"><span class="dropdown-item__meta" data-target>⌘</span></a></div>',
		check: 'text',
	},
	{
		name: 'a notification time in the bell',
		markup:
			'<div class="dropdown-panel"><ul class="notifications-list"><li><time class="notification__time" data-target>now</time></li></ul></div>',
		check: 'text',
	},
	{ name: 'footer text', markup: '<footer class="app-footer" data-target>1.0.0</footer>', check: 'text' },
	{ name: 'chart tick', markup: onCard('<svg class="bar-chart"><text class="bar-chart__tick" data-target>5</text></svg>'), check: 'text' },

	{ name: 'focus ring of a link on the page', markup: '<a href="/" data-target data-focus data-focus-visible>link</a>', check: 'focus' },
	{
		name: 'focus ring of a link on a card',
		markup: onCard('<a href="/" data-target data-focus data-focus-visible>link</a>'),
		check: 'focus',
	},
	{
		name: 'focus ring of .btn-primary',
		markup: onCard('<button class="btn btn-primary" data-target data-focus data-focus-visible>save</button>'),
		check: 'focus',
	},
	{
		name: 'focus ring of .btn-outline-secondary',
		markup: onCard('<a class="btn btn-outline-secondary" data-target data-focus data-focus-visible>cancel</a>'),
		check: 'focus',
	},
	{
		name: 'focus ring of the delete link',
		markup: '<a class="btn btn-outline-danger" data-target data-focus data-focus-visible>delete</a>',
		check: 'focus',
	},
	{
		name: 'focus ring of .btn-link in a dropdown',
		markup: '<div class="dropdown-panel"><button class="btn btn-link" data-target data-focus data-focus-visible>x</button></div>',
		check: 'focus',
	},
	{
		name: 'focus ring of .form-control',
		markup: onCard('<input class="form-control" data-target data-focus data-focus-visible>'),
		check: 'focus',
	},
	{
		name: 'focus ring of .form-control on the page',
		markup: '<input class="form-control" data-target data-focus data-focus-visible>',
		check: 'focus',
	},
	{
		name: 'focus ring of .form-select',
		markup: onCard('<select class="form-select" data-target data-focus data-focus-visible></select>'),
		check: 'focus',
	},
	{
		name: 'focus ring of .form-check-input',
		markup: onCard('<input type="checkbox" class="form-check-input" data-target data-focus data-focus-visible>'),
		check: 'focus',
	},
	{
		name: 'focus ring of a dropdown item',
		markup: '<div class="dropdown-panel"><a class="dropdown-item" data-target data-focus data-focus-visible>item</a></div>',
		check: 'focus',
	},
	{
		name: 'focus ring of the notification list (a scrollable region)',
		markup:
			'<div class="dropdown-panel"><div class="notifications-scroll" tabindex="0" data-target data-focus data-focus-visible></div></div>',
		check: 'focus',
	},
	{
		name: 'focus ring of a scrolling table',
		markup: onCard('<div class="table-responsive" tabindex="0" data-target data-focus data-focus-visible></div>'),
		check: 'focus',
	},
]

/** Pairs in the top bar and the sidebar, checked in each of their colours. */
const FRAME_PAIRS: Pair[] = [
	{ name: 'top bar button', markup: '<a class="topbar__button" data-target>x</a>', check: 'text', place: 'topbar' },
	{
		name: 'focus ring of a top bar button',
		markup: '<a class="topbar__button" data-target data-focus data-focus-visible>x</a>',
		check: 'focus',
		place: 'topbar',
	},
	{
		name: 'focus ring of the top bar search',
		markup: '<form class="topbar__search"><input class="form-control" data-target data-focus data-focus-visible></form>',
		check: 'focus',
		place: 'topbar',
	},
	{ name: 'sidebar link', markup: '<li><a class="sidebar__link" data-target>x</a></li>', check: 'text', place: 'sidebar' },
	{ name: 'sidebar section title', markup: '<li class="sidebar__title" data-target>x</li>', check: 'text', place: 'sidebar' },
	{
		name: 'the current sidebar link',
		markup: '<li><a class="sidebar__link" aria-current="page" data-target>x</a></li>',
		check: 'text',
		place: 'sidebar',
	},
	{
		name: 'focus ring of a sidebar link',
		markup: '<li><a class="sidebar__link" data-target data-focus data-focus-visible>x</a></li>',
		check: 'focus',
		place: 'sidebar',
	},
	{
		name: 'focus ring of the current sidebar link',
		markup: '<li><a class="sidebar__link" aria-current="page" data-target data-focus data-focus-visible>x</a></li>',
		check: 'focus',
		place: 'sidebar',
	},
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
