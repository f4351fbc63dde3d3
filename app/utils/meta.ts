/** `<title>` for a page: its own name, then the product's. */
export function pageTitle(title: string | undefined) {
	return [{ title: title ? `${title} · Staff Portal` : 'Staff Portal' }]
}
