import { routeHandle } from '~/permissions/access'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

export const handle = routeHandle({ public: 'the password-reset email target, a redirect to sign-in' })

/** The password-reset email's target: the sign-in page, with the query kept. */
export function loader({ request }: LoaderFunctionArgs) {
	const { search } = new URL(request.url)
	return redirect(`/account/login${search}`, 301)
}
