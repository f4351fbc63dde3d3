import { routeHandle } from '~/permissions/access'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getT } from '~/i18n/i18n.server'
import { requirePermission } from '~/permissions/grants.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DASHBOARD' })

export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.title)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'DASHBOARD', 'view')
	const t = await getT(request)
	return { title: t('dashboard.title'), displayName: user.display_name, email: user.email }
}

export default function DashboardPage() {
	const { t } = useTranslation()
	const { displayName, email } = useLoaderData<typeof loader>()
	return (
		<section aria-labelledby="dashboard-heading">
			<h1 id="dashboard-heading" className="h3">
				{t('dashboard.title')}
			</h1>
			<p className="lead">{t('dashboard.welcome', { name: displayName })}</p>
			<p>{t('dashboard.signedInAs', { email })}</p>
		</section>
	)
}
