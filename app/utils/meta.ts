/** The brand, for the rare page whose root data failed to load (the error page). */
const FALLBACK_PRODUCT_NAME = 'Staff Portal'

/**
 * `<title>` for a page: its own name, then the product's, both in the user's language; after a refused
 * form post, "Error:" first (the root loader's `errorTitlePrefix`).
 */
export function pageTitle(title: string | undefined, matches: ReadonlyArray<{ id: string; data: unknown }>) {
	const root = matches.find((match) => match.id === 'root')?.data as { productName?: string; errorTitlePrefix?: string | null } | undefined
	const product = root?.productName ?? FALLBACK_PRODUCT_NAME
	return [{ title: `${root?.errorTitlePrefix ?? ''}${title ? `${title} · ${product}` : product}` }]
}
