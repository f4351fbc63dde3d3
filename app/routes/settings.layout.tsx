import { json, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { layoutSchema } from '~/layout/settings.server'
import { AuthLayout } from '~/components/auth-layout'
import { ErrorSummary } from '~/components/forms'
import { LAYOUT_OPTIONS } from '~/layout/settings'
import { getLayoutSettings, layoutCookie } from '~/layout/settings.server'
import { routeHandle } from '~/permissions/access'
import { invalid, parseForm } from '~/utils/form.server'
import { safeRedirect } from '~/utils/redirect'

export const handle = routeHandle({ public: 'layout preferences are a cookie of the browser, like the language' })

/** Saves the layout settings posted (a missing field keeps its value) and returns to the page. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await parseForm(request, layoutSchema)
	if (!form.ok) return invalid(form)
	const { redirectTo, stay, ...changes } = form.data
	const settings = { ...getLayoutSettings(request) }
	for (const [field, value] of Object.entries(changes)) if (value) Object.assign(settings, { [field]: value })
	const headers = { 'Set-Cookie': layoutCookie(settings, new URL(request.url).protocol === 'https:') }
	// A redirect would be a navigation, which closes the panel the user is still choosing in.
	if (stay) return json({ saved: true as const }, { headers })
	return redirect(safeRedirect(redirectTo, '/'), { headers })
}

/** Shown only when a posted value is not one of the allowed ones. */
export default function LayoutRefused() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const fields = Object.keys((actionData && 'errors' in actionData ? actionData.errors : null) ?? {}).filter(
		(field) => field in LAYOUT_OPTIONS,
	)
	return (
		<AuthLayout title={t('layout.title')}>
			<ErrorSummary formError={fields.length > 0 ? t('layout.invalidValues', { fields: fields.join(', ') }) : null} />
		</AuthLayout>
	)
}
