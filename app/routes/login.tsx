import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

/** The password-reset email's target: the sign-in page, with the query kept. */
export function loader({ request }: LoaderFunctionArgs) {
	const { search } = new URL(request.url)
	return redirect(`/account/login${search}`, 301)
}
