import { createContext, useContext } from 'react'

/** The menu's server-rendered markup: the navigation of the layout (the mega menu is built from it in the browser, decision 0067). */
export interface MenuMarkupStrings {
	nav: string
}

/** The `id` of the menu's navigation (sidebar or top navigation): where "All functions" leads without JavaScript. */
export const MENU_ID = 'menu'

/**
 * The menu markup of the document as first rendered: given by the server render, and read back from the
 * page by the browser before hydration. A document's route data leaves the menu out (it would be the
 * largest part of the page, twice over); later data requests carry it, and take precedence.
 */
export const DocumentMenuContext = createContext<MenuMarkupStrings | null>(null)

/** The menu markup the server put in this document (read before hydration, as React will find it). */
export function readDocumentMenu(document: Document): MenuMarkupStrings {
	return { nav: document.querySelector('nav.sidebar > ul.sidebar__list, nav.topnav > ul.topnav__list')?.innerHTML ?? '' }
}

/** The render-only key under which a document's menu markup reaches the server render. */
export const DOCUMENT_MENU = 'document-menu'

const NO_MENU: MenuMarkupStrings = { nav: '' }

/** The menu markup to render: from the latest route data when it carries it, else the document's. */
export function useMenuMarkup(fromData: MenuMarkupStrings | null | undefined): MenuMarkupStrings {
	const fromDocument = useContext(DocumentMenuContext)
	return fromData ?? fromDocument ?? NO_MENU
}
