import { routeHandle } from '~/permissions/access'
import type { ActionFunctionArgs } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { languageSchema } from '~/i18n/language.server'
import { AuthLayout } from '~/components/auth-layout'
import { ErrorSummary } from '~/components/forms'
import { languageCookie } from '~/i18n/language.server'
import { formAction, formIntents } from '~/utils/form-action.server'
import { safeRedirect } from '~/utils/redirect'

export const handle = routeHandle({ public: 'choosing the interface language, also before sign-in' })

/** Sets the plain `lang` cookie and returns to the page the form was on; open to anyone, signed in or not. */
export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: 'anyone',
		intents: {
			language: formIntents<undefined>()({
				schema: languageSchema,
				run: async () => ({ ok: true }) as const,
				refusals: {},
				done: (_result, { data }) => ({
					redirect: safeRedirect(data.redirectTo, '/'),
					headers: { 'Set-Cookie': languageCookie(data.lang, request) },
				}),
			}),
		},
	})
}

/** The language page: the switcher of the frame, and the error when a posted language is not one of ours. */
export default function LanguageRefused() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	return (
		<AuthLayout title={t('language.change')}>
			<ErrorSummary formError={actionData?.errors.lang ? t(actionData.errors.lang.key) : null} />
		</AuthLayout>
	)
}
