import { normalizeSearch } from '~/catalogs/search-text'

/** What the users list's search looks in: the email and the names, accents and case aside. */
export function userSearchText(user: { email: string; display_name: string; first_name: string; last_name: string }): string {
	return normalizeSearch([user.email, user.display_name, user.first_name, user.last_name].join(' '))
}
