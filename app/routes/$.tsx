import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '~/components/error-page'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ public: 'the not-found page' }, '/no-such-page')

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** Any path no route claims: the translated not-found page, status 404. */
export async function loader({ request }: LoaderFunctionArgs) {
	return data({ title: (await getT(request))('errors.notFoundTitle') }, { status: 404 })
}

export default function NotFound() {
	const { t } = useTranslation()
	return <ErrorPage status={404} title={t('errors.notFoundTitle')} body={t('errors.notFoundBody')} />
}
