import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { postedIntent } from '~/admin/intent.server'
import { MFA_INTENTS, getMfaSection, handleMfaIntent, type MfaActionData } from '~/auth/mfa/security-section.server'
import { requireUser } from '~/auth/session.server'
import { MfaSection } from '~/components/mfa-section'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const [t, mfa] = await Promise.all([getT(request), getMfaSection(request, user)])
	return { title: t('mfa.pageTitle'), mfa }
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const intent = await postedIntent(request, MFA_INTENTS)
	if (intent) return handleMfaIntent(request, user, intent)
	throw data({ reason: 'badRequest' as const }, { status: 400 })
}

export default function SecurityPage() {
	const { t } = useTranslation()
	const { mfa } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as MfaActionData | undefined
	return (
		<section className="page" aria-labelledby="security-heading">
			<h1 id="security-heading" className="h3">
				{t('mfa.pageTitle')}
			</h1>
			<MfaSection section={mfa} actionData={actionData} />
		</section>
	)
}
