import { routeHandle } from '~/permissions/access'
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { getT, getLanguage } from '~/i18n/i18n.server'
import { requireUserWithGrants } from '~/permissions/grants.server'
import { landingFor } from '~/permissions/landing.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** `/` lands on the first page of the user's menu; a user with none is told so. */
export async function loader({ request }: LoaderFunctionArgs) {
	const [access, language] = await Promise.all([requireUserWithGrants(request), getLanguage(request)])
	const landing = landingFor(access, language)
	if (landing) throw redirect(landing)
	return { title: (await getT(request))('menu.nothingGrantedTitle') }
}

export default function NothingGranted() {
	const { t } = useTranslation()
	return (
		<section className="empty-state">
			<h1 className="h3">{t('menu.nothingGrantedTitle')}</h1>
			<p>{t('menu.nothingGrantedBody')}</p>
		</section>
	)
}
