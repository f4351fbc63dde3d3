import { renderToStaticMarkup } from 'react-dom/server'
import type { LanguageCode } from '~/i18n/languages'
import type { Access } from '~/permissions/grants.server'
import { activeTrail } from '~/permissions/menu'
import { visibleMenuFor } from '~/permissions/menu.server'
import { partText, precompress, type DocumentPart, type PrecompressedPart } from '~/server/document-parts.server'
import { SidebarEntries, TopNavEntries } from './menu-markup'
import type { MenuMarkupStrings } from './menu-markup-context'

export type MenuLayout = 'vertical' | 'horizontal'

/**
 * A menu's markup in chunks of consecutive top-level entries, each compressed once (see
 * server/document-parts.server.ts), with, for each entry that can be on the active trail, where its
 * attributes end. A page changes only the chunk holding its trail: the others go out as compressed once.
 */
interface CompiledChunk {
	html: string
	part: PrecompressedPart
	marks: Map<string, { offset: number; tag: string }>
}

/** Large enough to compress well on its own, small enough that the chunk a page marks is cheap to compress. */
const CHUNK_CHARS = 16_384

// Our own markup, as renderToStaticMarkup writes it: the tag, its attributes, `data-menu` among them.
const MARK = /<(a|details|li)\b[^>]*?\sdata-menu="([^"]*)"/g

function compileChunk(html: string): CompiledChunk {
	const marks = new Map<string, { offset: number; tag: string }>()
	for (const match of html.matchAll(MARK)) {
		const code = match[2]!
			.replace(/&amp;/g, '&')
			.replace(/&quot;/g, '"')
			.replace(/&#x27;/g, "'")
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
		marks.set(code, { offset: match.index + match[0].length, tag: match[1]! })
	}
	return { html, part: precompress(html), marks }
}

/** The markup of each top-level entry, in order, gathered into chunks. */
function compile(entries: readonly string[]): CompiledChunk[] {
	const chunks: CompiledChunk[] = []
	let html = ''
	for (const entry of entries) {
		html += entry
		if (html.length >= CHUNK_CHARS) {
			chunks.push(compileChunk(html))
			html = ''
		}
	}
	if (html) chunks.push(compileChunk(html))
	return chunks
}

/** The chunk with the trail marked (the entry is the current page, the groups above it open), or null if it holds none of it. */
function withTrail(chunk: CompiledChunk, trail: readonly string[], layout: MenuLayout): string | null {
	const inserts: Array<[number, string]> = []
	trail.forEach((code, index) => {
		const mark = chunk.marks.get(code)
		if (!mark) return
		if (mark.tag === 'a' && index === trail.length - 1) inserts.push([mark.offset, ' aria-current="page"'])
		else if (mark.tag === 'details') inserts.push([mark.offset, layout === 'vertical' ? ' open="" data-trail=""' : ' data-trail=""'])
	})
	if (inserts.length === 0) return null
	inserts.sort((a, b) => a[0] - b[0])
	let html = ''
	let from = 0
	for (const [offset, text] of inserts) {
		html += chunk.html.slice(from, offset) + text
		from = offset
	}
	return html + chunk.html.slice(from)
}

/** A page's menu: the navigation of the layout, as parts of the document (the mega menu is built from it in the browser). */
export interface MenuMarkupParts {
	nav: DocumentPart[]
}

/**
 * The menu of a page: the navigation of the layout (sidebar or top bar) with the trail of its address
 * (`pathname` and `search`) marked. Rendered and compressed once per role set, language and access
 * version (the access snapshot holds them, so a change of grants renders them anew); each page then costs
 * the chunk holding its trail, however many functions the user holds.
 */
export function menuMarkup(
	access: Pick<Access, 'grants' | 'functions' | 'roleKey' | 'snapshot'>,
	language: LanguageCode,
	{ layout, pathname, search }: { layout: MenuLayout; pathname: string; search: string },
): MenuMarkupParts {
	const items = visibleMenuFor(access, language)
	const nav = access.snapshot.rememberSync(`menu-html:${layout}:${access.roleKey}:${language}`, () =>
		compile(
			items.map((item) =>
				renderToStaticMarkup(layout === 'vertical' ? <SidebarEntries items={[item]} /> : <TopNavEntries items={[item]} />),
			),
		),
	)
	const trail = activeTrail(items, pathname, search)
	return {
		nav: nav.map((chunk) => {
			const marked = withTrail(chunk, trail, layout)
			return marked === null ? chunk.part : Buffer.from(marked, 'utf8')
		}),
	}
}

/** The menu as strings, for a client-side data request. */
export function menuMarkupStrings(menu: MenuMarkupParts): MenuMarkupStrings {
	const text = (parts: DocumentPart[]) => Buffer.concat(parts.map(partText)).toString('utf8')
	return { nav: text(menu.nav) }
}
