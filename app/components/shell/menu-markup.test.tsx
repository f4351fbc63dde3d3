import { parse } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { MenuItem } from '~/permissions/menu'
import { SidebarEntries } from './menu-markup'

const entry = (code: string, label: string, badge: MenuItem['badge'], children: MenuItem[] = []): MenuItem => ({
	code,
	label,
	icon: 'bx-home',
	path: children.length ? null : `/${code.toLowerCase()}`,
	param: null,
	isTitle: false,
	isHidden: false,
	badge,
	children,
})

const items = [
	entry('GROUP', 'Danh mục', { text: '12', variant: 'danger' }, [entry('STATIONS', 'Trạm', { text: 'Mới', variant: 'success' })]),
	entry('PLAIN', 'Bảng điều khiển', null),
]

/** The text a text browser reads for each link or group heading of the markup. */
function entryTexts(html: string): string[] {
	return parse(html)
		.querySelectorAll('a, summary')
		.map((node) => node.text.replace(/\s+/g, ' ').trim())
}

describe('menu badges in text browsers', () => {
	test('a badge of the sidebar is in parentheses after its entry’s label; an entry without one has none', () => {
		expect(entryTexts(renderToStaticMarkup(<SidebarEntries items={items} />))).toEqual(['Danh mục (12)', 'Trạm (Mới)', 'Bảng điều khiển'])
	})
})
