import { data } from '@remix-run/node'

/** The answer for a record that does not exist (or is not the reader's to see): the route's error boundary shows the translated not-found page. */
export function notFound() {
	return data({ reason: 'notFound' as const }, { status: 404 })
}
