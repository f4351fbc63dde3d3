import { routeHandle } from '~/permissions/access'

export const handle = routeHandle({ public: 'the not-found page' }, '/no-such-page')
/** Any path no route claims: the root error boundary renders the translated not-found page, status 404. */
export function loader() {
	throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
	return null
}
