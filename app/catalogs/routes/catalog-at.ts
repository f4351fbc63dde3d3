import { CATALOGS, type CatalogEntry } from '~/catalogs/registry'

export type CatalogKey = keyof typeof CATALOGS

const entries: CatalogEntry[] = Object.values(CATALOGS)

/**
 * The catalog whose routes answer `pathname` (`/danhmuc/tram`, `/danhmuc/tram/12`, `/danhmuc/tram/export.csv`):
 * the one lookup of the generated routes, on the server (the request's path) and in the browser (the
 * location). A path of no catalog is a defect of the registry, not a visitor's error: it throws.
 */
export function catalogAt(pathname: string): CatalogEntry {
	const found = entries.find((entry) => pathname === `/${entry.prefix}` || pathname.startsWith(`/${entry.prefix}/`))
	if (!found) throw new Error(`No catalog in the registry answers ${pathname}`)
	return found
}

/**
 * Adds a catalog to the lookup (the test-only catalog, which its test registers), until the function it
 * returns takes it out again; a key or prefix already there is a defect.
 */
export function registerCatalogEntry(entry: CatalogEntry): () => void {
	if (entries.some((one) => one.key === entry.key || one.prefix === entry.prefix))
		throw new Error(`Catalog ${entry.key} is registered already`)
	entries.push(entry)
	return () => {
		entries.splice(entries.indexOf(entry), 1)
	}
}
