import { renderToStaticMarkup } from 'react-dom/server'
import type { LanguageCode } from '~/i18n/languages'
import type { Access } from '~/permissions/grants.server'
import { activeTrail, visibleItems, type MenuItem } from '~/permissions/menu'
import { menuFor } from '~/permissions/menu.server'
import { MegaMenuColumns, SidebarEntries, TopNavEntries } from './menu-markup'

export type MenuLayout = 'vertical' | 'horizontal'

/** A menu's markup and, for each entry that can be on the active trail, where its attributes end. */
interface CompiledMenu {
	html: string
	marks: Map<string, { offset: number; tag: string }>
}

// Our own markup, as renderToStaticMarkup writes it: the tag, its attributes, `data-menu` among them.
const MARK = /<(a|details|li)\b[^>]*?\sdata-menu="([^"]*)"/g

function compile(html: string): CompiledMenu {
	const marks = new Map<string, { offset: number; tag: string }>()
	for (const match of html.matchAll(MARK)) {
		const code = match[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
		marks.set(code, { offset: match.index + match[0].length, tag: match[1]! })
	}
	return { html, marks }
}

/** The compiled markup with the trail marked: the entry is the current page, the groups above it open. */
function withTrail(menu: CompiledMenu, trail: readonly string[], layout: MenuLayout): string {
	const inserts: Array<[number, string]> = []
	trail.forEach((code, index) => {
		const mark = menu.marks.get(code)
		if (!mark) return
		if (mark.tag === 'a' && index === trail.length - 1) inserts.push([mark.offset, ' aria-current="page"'])
		else if (mark.tag === 'details') inserts.push([mark.offset, layout === 'vertical' ? ' open="" data-trail=""' : ' data-trail=""'])
	})
	if (inserts.length === 0) return menu.html
	inserts.sort((a, b) => a[0] - b[0])
	let html = ''
	let from = 0
	for (const [offset, text] of inserts) {
		html += menu.html.slice(from, offset) + text
		from = offset
	}
	return html + menu.html.slice(from)
}

function visibleMenu(access: Pick<Access, 'grants' | 'functions' | 'roleKey' | 'snapshot'>, language: LanguageCode): MenuItem[] {
	return access.snapshot.rememberSync(`menu-visible:${access.roleKey}:${language}`, () => visibleItems(menuFor(access, language)))
}

/**
 * The menu of a page as HTML: the navigation of the layout (sidebar or top bar) with the trail of
 * `pathname` marked, and the mega menu's columns. Rendered once per role set, language and access
 * version (the access snapshot holds them, so a change of grants renders them anew); each page then
 * costs a few string slices, however many functions the user holds.
 */
export function menuMarkup(
	access: Pick<Access, 'grants' | 'functions' | 'roleKey' | 'snapshot'>,
	language: LanguageCode,
	{ layout, pathname, generalHeading }: { layout: MenuLayout; pathname: string; generalHeading: string },
): { nav: string; mega: string; isEmpty: boolean } {
	const items = visibleMenu(access, language)
	const nav = access.snapshot.rememberSync(`menu-html:${layout}:${access.roleKey}:${language}`, () =>
		compile(renderToStaticMarkup(layout === 'vertical' ? <SidebarEntries items={items} /> : <TopNavEntries items={items} />)),
	)
	const mega = access.snapshot.rememberSync(`menu-mega:${access.roleKey}:${language}`, () =>
		items.some((item) => !item.isTitle) ? renderToStaticMarkup(<MegaMenuColumns items={items} generalHeading={generalHeading} />) : '',
	)
	return { nav: withTrail(nav, activeTrail(items, pathname), layout), mega, isEmpty: items.length === 0 }
}
