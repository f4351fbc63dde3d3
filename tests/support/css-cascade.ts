import { HTMLElement, parse } from 'node-html-parser'

/**
 * A small CSS cascade for colour checks: enough of CSS to find the colours an element gets from our
 * style sheets and Bootstrap's (selectors, specificity, !important, order, inheritance, custom
 * properties with var() chains, desktop media queries), not a browser. Interaction states are asked
 * for with attributes on the element: `data-focus-visible`, `data-focus`, `data-hover`, `data-active`.
 */

interface Declaration {
	property: string
	value: string
	important: boolean
}

interface Rule {
	selectors: string[]
	declarations: Declaration[]
}

export interface Rgba {
	r: number
	g: number
	b: number
	a: number
}

const VIEWPORT_WIDTH = 1280

function scan(text: string, from: number, stops: string): number {
	let quote: string | null = null
	let depth = 0
	for (let i = from; i < text.length; i++) {
		const c = text[i] as string
		if (quote) {
			if (c === '\\') i++
			else if (c === quote) quote = null
		} else if (c === '"' || c === "'") quote = c
		else if (depth === 0 && stops.includes(c)) return i
		else if (c === '(') depth++
		else if (c === ')') depth--
	}
	return text.length
}

/** Splits at top-level separators (outside strings and parentheses). */
function splitTopLevel(text: string, separator: string): string[] {
	const parts: string[] = []
	let start = 0
	while (start <= text.length) {
		const end = scan(text, start, separator)
		parts.push(text.slice(start, end))
		start = end + 1
	}
	return parts.map((part) => part.trim()).filter(Boolean)
}

function mediaMatches(query: string): boolean {
	return splitTopLevel(query, ',').some((alternative) =>
		alternative
			.split(/\s+and\s+/)
			.map((part) => part.trim())
			.every((part) => {
				if (part === 'screen' || part === 'all') return true
				const width = /^\((min|max)-width:\s*([\d.]+)(px|rem|em)\)$/.exec(part)
				if (!width) return false
				const pixels = Number(width[2]) * (width[3] === 'px' ? 1 : 16)
				return width[1] === 'min' ? VIEWPORT_WIDTH >= pixels : VIEWPORT_WIDTH <= pixels
			}),
	)
}

function parseDeclarations(body: string): Declaration[] {
	return splitTopLevel(body, ';').flatMap((text) => {
		const colon = text.indexOf(':')
		if (colon < 0) return []
		let value = text.slice(colon + 1).trim()
		const important = /!\s*important$/i.test(value)
		if (important) value = value.replace(/!\s*important$/i, '').trim()
		return [{ property: text.slice(0, colon).trim().toLowerCase(), value, important }]
	})
}

function parseBlock(css: string, rules: Rule[]) {
	let i = 0
	while (i < css.length) {
		const end = scan(css, i, '{;')
		if (end >= css.length) return
		const prelude = css.slice(i, end).trim()
		if (css[end] === ';') {
			i = end + 1
			continue
		}
		let depth = 1
		let j = end + 1
		while (j < css.length && depth > 0) {
			const next = scan(css, j, '{}')
			if (next >= css.length) break
			depth += css[next] === '{' ? 1 : -1
			j = next + 1
		}
		const body = css.slice(end + 1, j - 1)
		if (prelude.startsWith('@media')) {
			if (mediaMatches(prelude.slice('@media'.length).trim())) parseBlock(body, rules)
		} else if (!prelude.startsWith('@')) {
			rules.push({ selectors: splitTopLevel(prelude, ','), declarations: parseDeclarations(body) })
		}
		i = j
	}
}

type Specificity = [number, number, number]

function compareSpecificity(a: Specificity, b: Specificity): number {
	return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/** Selector specificity (Selectors level 4): :is/:not/:has count their most specific argument, :where nothing. */
export function specificity(selector: string): Specificity {
	const result: Specificity = [0, 0, 0]
	let i = 0
	while (i < selector.length) {
		const c = selector[i] as string
		if (c === '#') {
			result[0]++
			i = skipName(selector, i + 1)
		} else if (c === '.') {
			result[1]++
			i = skipName(selector, i + 1)
		} else if (c === '[') {
			result[1]++
			i = scan(selector, i, ']') + 1
		} else if (c === ':') {
			const element = selector[i + 1] === ':'
			const nameEnd = skipName(selector, i + (element ? 2 : 1))
			const name = selector.slice(i + (element ? 2 : 1), nameEnd).toLowerCase()
			if (selector[nameEnd] === '(') {
				const close = scan(selector, nameEnd + 1, ')')
				const args = splitTopLevel(selector.slice(nameEnd + 1, close), ',')
				if (['is', 'not', 'has', 'matches'].includes(name)) {
					const most = args.map(specificity).sort(compareSpecificity).pop() ?? [0, 0, 0]
					result[0] += most[0]
					result[1] += most[1]
					result[2] += most[2]
				} else if (name !== 'where') result[1]++
				i = close + 1
			} else {
				if (element || ['before', 'after', 'first-line', 'first-letter'].includes(name)) result[2]++
				else result[1]++
				i = nameEnd
			}
		} else if (/[a-zA-Z]/.test(c)) {
			result[2]++
			i = skipName(selector, i)
		} else i++
	}
	return result
}

function skipName(text: string, from: number): number {
	let i = from
	while (i < text.length && /[\w-]/.test(text[i] as string)) i++
	return i
}

/** stateSelector's answers: each selector is rewritten once, not once per element and document. */
const stateSelectors = new Map<string, string | null>()

/** State pseudo-classes become the attributes a test sets; states no test asks for never match. */
function stateSelector(selector: string): string | null {
	let rewritten = stateSelectors.get(selector)
	if (rewritten === undefined) {
		rewritten = rewriteStates(selector)
		stateSelectors.set(selector, rewritten)
	}
	return rewritten
}

function rewriteStates(selector: string): string | null {
	if (selector.includes('::')) return null
	const rewritten = selector
		.replace(/:root(?![\w-])/g, 'html')
		.replace(/:focus-visible/g, '[data-focus-visible]')
		.replace(/:focus-within/g, ':is([data-focus],:has([data-focus]))')
		.replace(/:focus(?![\w-])/g, '[data-focus]')
		.replace(/:hover/g, '[data-hover]')
		.replace(/:active/g, '[data-active]')
		.replace(
			/:(visited|placeholder-shown|invalid|valid|indeterminate|autofill|-webkit-autofill|-moz-focusring)(?![\w-])/g,
			'[data-never-matches]',
		)
	return /:-(webkit|moz|ms)-/.test(rewritten) ? null : rewritten
}

/**
 * The classes an element needs to match `selector`: those of its last compound selector, outside brackets
 * and pseudo-class arguments (`.btn-check:checked+.btn` needs `btn`). Null where that is not plain to read
 * (an escape or a quoted value): then no shortcut is taken.
 */
function subjectClasses(selector: string): string[] | null {
	if (/[\\'"]/.test(selector)) return null
	let outside = ''
	let depth = 0
	for (const c of selector) {
		if (c === '(' || c === '[') depth++
		if (depth === 0) outside += c
		if (c === ')' || c === ']') depth--
	}
	const subject =
		outside
			.trim()
			.split(/\s*[\s>+~]\s*/)
			.pop() ?? ''
	return [...subject.matchAll(/\.([\w-]+)/g)].map((match) => match[1] as string)
}

interface Winner {
	value: string
	key: [number, ...Specificity, number]
}

export class Cascade {
	private readonly rules: Rule[] = []

	constructor(sheets: string[]) {
		for (const css of sheets) parseBlock(css.replace(/\/\*[\s\S]*?\*\//g, ''), this.rules)
	}

	/** Builds a document from markup; `target` is the element carrying `data-target`. */
	render(html: string): Rendered {
		return new Rendered(parse(html), this.rules)
	}
}

function compareKeys(a: Winner['key'], b: Winner['key']): number {
	for (let i = 0; i < a.length; i++) {
		const difference = (a[i] as number) - (b[i] as number)
		if (difference !== 0) return difference
	}
	return 0
}

export class Rendered {
	private readonly declared = new Map<HTMLElement, Map<string, Winner>>()
	private readonly customs = new Map<HTMLElement, Map<string, string | null>>()
	/** The elements each selector matches in this document: one query per selector, not per element. */
	private readonly matched = new Map<string, Set<HTMLElement>>()
	/**
	 * Every class in this document. A style sheet's selectors mostly need classes a small test document does
	 * not have: those are known to match nothing without a query (the queries were most of the time).
	 */
	private readonly classes: Set<string>

	constructor(
		private readonly root: HTMLElement,
		private readonly rules: Rule[],
	) {
		this.classes = new Set(root.querySelectorAll('[class]').flatMap((element) => (element.getAttribute('class') ?? '').split(/\s+/)))
	}

	element(selector = '[data-target]'): HTMLElement {
		const element = this.root.querySelector(selector)
		if (!element) throw new Error(`no element ${selector}`)
		return element
	}

	private matches(element: HTMLElement, selector: string): boolean {
		let elements = this.matched.get(selector)
		if (!elements) {
			const needed = subjectClasses(selector)
			if (needed?.some((name) => !this.classes.has(name))) elements = new Set()
			else {
				try {
					elements = new Set(this.root.querySelectorAll(selector))
				} catch {
					elements = new Set()
				}
			}
			this.matched.set(selector, elements)
		}
		return elements.has(element)
	}

	private declarations(element: HTMLElement): Map<string, Winner> {
		const cached = this.declared.get(element)
		if (cached) return cached
		const winners = new Map<string, Winner>()
		this.rules.forEach((rule, order) => {
			let best: Specificity | null = null
			for (const selector of rule.selectors) {
				const rewritten = stateSelector(selector)
				if (rewritten === null || !this.matches(element, rewritten)) continue
				const candidate = specificity(selector)
				if (!best || compareSpecificity(candidate, best) > 0) best = candidate
			}
			if (!best) return
			for (const declaration of rule.declarations) {
				const key: Winner['key'] = [declaration.important ? 1 : 0, ...best, order]
				const current = winners.get(declaration.property)
				if (!current || compareKeys(key, current.key) >= 0) winners.set(declaration.property, { value: declaration.value, key })
			}
		})
		this.declared.set(element, winners)
		return winners
	}

	private parentOf(element: HTMLElement): HTMLElement | null {
		const parent = element.parentNode
		return parent instanceof HTMLElement && parent.tagName ? parent : null
	}

	/** The computed value of a custom property (inherited, var() resolved where it is declared). */
	custom(element: HTMLElement, name: string, seen = new Set<string>()): string | null {
		let values = this.customs.get(element)
		if (!values) this.customs.set(element, (values = new Map()))
		if (values.has(name)) return values.get(name) ?? null
		const declared = this.declarations(element).get(name)
		let value: string | null
		if (declared) {
			if (seen.has(name)) return null
			value = this.substitute(element, declared.value, new Set([...seen, name]))
		} else {
			const parent = this.parentOf(element)
			value = parent ? this.custom(parent, name) : null
		}
		values.set(name, value)
		return value
	}

	/** Replaces every var() in a value, with fallbacks; null when a reference cannot be resolved. */
	substitute(element: HTMLElement, value: string, seen = new Set<string>()): string | null {
		const start = value.indexOf('var(')
		if (start < 0) return value
		const close = scan(value, start + 4, ')')
		const inner = value.slice(start + 4, close)
		const comma = scan(inner, 0, ',')
		const name = inner.slice(0, comma).trim()
		let replacement = this.custom(element, name, seen)
		if (replacement === null && comma < inner.length) replacement = this.substitute(element, inner.slice(comma + 1).trim(), seen)
		if (replacement === null) return null
		return this.substitute(element, value.slice(0, start) + replacement + value.slice(close + 1), seen)
	}

	/** The winning declaration among a longhand and the shorthands that set it, var() resolved. */
	specified(element: HTMLElement, properties: string[]): string | null {
		const declared = this.declarations(element)
		let best: Winner | null = null
		for (const property of properties) {
			const winner = declared.get(property)
			if (winner && (!best || compareKeys(winner.key, best.key) > 0)) best = winner
		}
		return best ? this.substitute(element, best.value) : null
	}

	/** The element's text colour (inherited, currentcolor resolved). */
	color(element: HTMLElement): Rgba {
		const value = this.specified(element, ['color'])
		const parent = this.parentOf(element)
		const inherited = () => (parent ? this.color(parent) : { r: 0, g: 0, b: 0, a: 1 })
		if (value === null || /^(inherit|currentcolor)$/i.test(value)) return inherited()
		return parseColor(value) ?? inherited()
	}

	/** A colour from a property that may be a shorthand (border, outline, background, box-shadow). */
	colorOf(element: HTMLElement, properties: string[]): Rgba | null {
		const value = this.specified(element, properties)
		if (value === null) return null
		for (const token of splitTopLevel(value.replace(/\s+/g, ' '), ' ')) {
			if (/^currentcolor$/i.test(token)) return this.color(element)
			const color = parseColor(token)
			if (color) return color
		}
		return null
	}

	/** What is painted behind the element: its own background, else its ancestors', composited; the canvas is white. */
	background(element: HTMLElement | null): Rgba {
		if (!element) return { r: 255, g: 255, b: 255, a: 1 }
		const own = this.colorOf(element, ['background-color', 'background'])
		const below = () => this.background(this.parentOf(element))
		if (!own || own.a === 0) return below()
		return own.a >= 1 ? own : composite(own, below())
	}

	/** The background around the element (its parent's), where an outline or an outer ring is drawn. */
	surroundings(element: HTMLElement): Rgba {
		return this.background(this.parentOf(element))
	}

	/** The product of the opacity of the element and its ancestors. */
	opacity(element: HTMLElement): number {
		const value = this.specified(element, ['opacity'])
		const parent = this.parentOf(element)
		return (value === null ? 1 : Number.parseFloat(value)) * (parent ? this.opacity(parent) : 1)
	}

	/**
	 * The focus indicator: the outline when one is drawn (style not none, width above 0), else the colour of an
	 * outer box-shadow ring (Bootstrap's focus rings); null when there is neither.
	 */
	focusRing(element: HTMLElement): { kind: 'outline' | 'box-shadow'; color: Rgba; width: string } | null {
		const outline = this.specified(element, ['outline', 'outline-style', 'outline-width'])
		const drawn = outline !== null && !/^(0|none|0px)$/i.test(outline.trim())
		if (drawn) {
			const width =
				this.specified(element, ['outline-width', 'outline'])
					?.split(' ')
					.find((token) => /^[\d.]+(px|rem)$/.test(token)) ?? 'medium'
			const color = this.colorOf(element, ['outline-color', 'outline'])
			if (color) return { kind: 'outline', color, width }
		}
		const shadow = this.specified(element, ['box-shadow'])
		if (shadow && !/^none$/i.test(shadow)) {
			const rings = splitTopLevel(shadow, ',').filter((ring) => !/\binset\b/.test(ring))
			for (const ring of rings) {
				const tokens = splitTopLevel(ring, ' ')
				const color = tokens.map(parseColor).find((candidate) => candidate !== null)
				const lengths = tokens.filter((token) => /^-?[\d.]+(px|rem)?$/.test(token))
				if (color && lengths.length >= 4) return { kind: 'box-shadow', color, width: lengths[3] as string }
			}
		}
		return null
	}
}

const NAMED: Record<string, Rgba> = {
	white: { r: 255, g: 255, b: 255, a: 1 },
	black: { r: 0, g: 0, b: 0, a: 1 },
	transparent: { r: 0, g: 0, b: 0, a: 0 },
}

export function parseColor(text: string): Rgba | null {
	const value = text.trim().toLowerCase()
	if (NAMED[value]) return NAMED[value]
	const hex = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/.exec(value)?.[1]
	if (hex) {
		const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex
		const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16)
		return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 }
	}
	const functional = /^rgba?\((.*)\)$/.exec(value)?.[1]
	if (!functional) return null
	const [channels = '', alphaPart] = functional.includes('/') ? functional.split('/') : [functional]
	const parts = channels.split(/[\s,]+/).filter(Boolean)
	const alphaText = alphaPart?.trim() ?? parts[3]
	if (parts.length < 3) return null
	const number = (part: string) => (part.endsWith('%') ? Number.parseFloat(part) / 100 : Number.parseFloat(part))
	const [r, g, b] = parts.slice(0, 3).map((part) => (part.endsWith('%') ? (Number.parseFloat(part) / 100) * 255 : Number.parseFloat(part)))
	const color = { r: r as number, g: g as number, b: b as number, a: alphaText === undefined ? 1 : number(alphaText) }
	return Object.values(color).some(Number.isNaN) ? null : color
}

export function composite(top: Rgba, bottom: Rgba): Rgba {
	const mix = (a: number, b: number) => a * top.a + b * (1 - top.a)
	return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

function luminance({ r, g, b }: Rgba): number {
	const linear = (channel: number) => {
		const c = channel / 255
		return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
	}
	return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2 contrast ratio; a translucent foreground is first painted over the background. */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
	const solidBackground = background.a < 1 ? composite(background, NAMED.white as Rgba) : background
	const solidForeground = foreground.a < 1 ? composite(foreground, solidBackground) : foreground
	const [lighter, darker] = [luminance(solidForeground), luminance(solidBackground)].sort((a, b) => b - a)
	return ((lighter as number) + 0.05) / ((darker as number) + 0.05)
}

export function hex({ r, g, b, a }: Rgba): string {
	const channel = (value: number) => Math.round(value).toString(16).padStart(2, '0')
	return `#${channel(r)}${channel(g)}${channel(b)}${a < 1 ? channel(a * 255) : ''}`
}
