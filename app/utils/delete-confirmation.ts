/**
 * A record's page turns into the confirmation of its deletion with this query: where "Delete" leads without
 * JavaScript (with it, a dialog holds the same form). Catalog records, users and roles alike.
 */
export function deleteConfirmationHref(recordHref: string): string {
	return `${recordHref}?intent=delete`
}

export function isDeleteConfirmation(url: string): boolean {
	return new URL(url).searchParams.get('intent') === 'delete'
}
