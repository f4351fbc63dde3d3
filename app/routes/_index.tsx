import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'

/** `/` lands on the first page the user may use. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireUser(request)
	throw redirect('/dashboard')
}
