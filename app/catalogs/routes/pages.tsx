import { useLocation } from '@remix-run/react'
import type { ComponentType } from 'react'
import type { CatalogPageComponents } from './page-contracts'
import * as FOLDER_PARTS from '~/catalogs/folder-parts'
import { catalogAt, type CatalogKey } from './catalog-at'

/**
 * Each catalog folder's pages, from its parts.ts (a catalog of the registry without them fails the type check).
 * In the browser its steps are left out: they come from routes.server.ts, which the browser's bundle empties.
 */
const BUILT_IN: Record<CatalogKey, { pages: CatalogPageComponents }> = FOLDER_PARTS

const components = new Map<string, CatalogPageComponents>(Object.entries(BUILT_IN).map(([key, parts]) => [key, parts.pages]))

/** Adds the pages of a catalog that is not in the registry's file (the test-only catalog, which its test registers), until the function it returns takes them out. */
export function registerCatalogPages(key: string, pages: CatalogPageComponents): () => void {
	components.set(key, pages)
	return () => {
		components.delete(key)
	}
}

/** The page of `kind` of the catalog the current location belongs to. */
export function useCatalogPage(kind: keyof CatalogPageComponents): ComponentType {
	const { key } = catalogAt(useLocation().pathname)
	const pages = components.get(key)
	if (!pages) throw new Error(`Catalog ${key} has no pages`)
	return pages[kind]
}
