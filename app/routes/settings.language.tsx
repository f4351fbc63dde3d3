import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { languageSchema } from '~/i18n/language.server'
import { AuthLayout } from '~/components/auth-layout'
import { ErrorSummary } from '~/components/forms'
import { languageCookie } from '~/i18n/language.server'
import { invalid, parseForm } from '~/utils/form.server'
import { safeRedirect } from '~/utils/redirect'

export const handle = routeHandle({ public: 'choosing the interface language, also before sign-in' })

/** Sets the plain `lang` cookie and returns to the page the form was on. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await parseForm(request, languageSchema)
	if (!form.ok) return invalid(form)
	return redirect(safeRedirect(form.data.redirectTo, '/'), { headers: { 'Set-Cookie': languageCookie(form.data.lang, request) } })
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
