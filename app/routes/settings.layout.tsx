import type { ActionFunctionArgs } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { layoutSchema } from '~/layout/settings.server'
import { AuthLayout } from '~/components/auth-layout'
import { ErrorSummary } from '~/components/forms'
import { LAYOUT_FIELDS, LAYOUT_OPTIONS } from '~/layout/settings'
import { getLayoutSettings, layoutCookie } from '~/layout/settings.server'
import { routeHandle } from '~/permissions/access'
import { formAction, formIntents } from '~/utils/form-action.server'
import { safeRedirect } from '~/utils/redirect'

export const handle = routeHandle({ public: 'layout preferences are a cookie of the browser, like the language' })

/** Saves the layout settings posted (a missing field keeps its value) and returns to the page; open to anyone. */
export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: 'anyone',
		intents: {
			layout: formIntents<undefined>()({
				schema: layoutSchema,
				run: async ({ data }) => {
					const settings = { ...getLayoutSettings(request) }
					for (const field of LAYOUT_FIELDS) if (data[field]) Object.assign(settings, { [field]: data[field] })
					return { ok: true, settings } as const
				},
				refusals: {},
				done: ({ settings }, { data }) => {
					const headers = { 'Set-Cookie': layoutCookie(settings, new URL(request.url).protocol === 'https:') }
					// A redirect would be a navigation, which closes the panel the user is still choosing in.
					return data.stay ? { answer: { saved: true }, headers } : { redirect: safeRedirect(data.redirectTo, '/'), headers }
				},
			}),
		},
	})
}

/** Shown only when a posted value is not one of the allowed ones. */
export default function LayoutRefused() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const fields = Object.keys(actionData?.errors ?? {}).filter((field) => field in LAYOUT_OPTIONS)
	return (
		<AuthLayout title={t('layout.title')}>
			<ErrorSummary formError={fields.length > 0 ? t('layout.invalidValues', { fields: fields.join(', ') }) : null} />
		</AuthLayout>
	)
}
