import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { AuthLayout } from '~/components/auth-layout'
import { FormAlert } from '~/components/forms'
import { LANGUAGE_CODES, LANGUAGE_COOKIE } from '~/i18n/languages'
import { invalid, issue, parseForm } from '~/utils/form.server'
import { safeRedirect } from '~/utils/redirect'

export const handle = routeHandle({ public: 'choosing the interface language, also before sign-in' })

const languageSchema = z.object({
	lang: z.enum(LANGUAGE_CODES, issue('language.unknown')),
	redirectTo: z.string().optional(),
})

const ONE_YEAR_SECONDS = 365 * 24 * 3600

/** Sets the plain `lang` cookie and returns to the page the form was on. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await parseForm(request, languageSchema)
	if (!form.ok) return invalid(form)
	const secure = new URL(request.url).protocol === 'https:'
	const cookie = `${LANGUAGE_COOKIE}=${form.data.lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`
	return redirect(safeRedirect(form.data.redirectTo, '/'), { headers: { 'Set-Cookie': cookie } })
}

/** The language page: the switcher of the frame, and the error when a posted language is not one of ours. */
export default function LanguageRefused() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	return (
		<AuthLayout title={t('language.change')}>
			<FormAlert message={actionData?.errors.lang ? t(actionData.errors.lang.key) : null} />
		</AuthLayout>
	)
}
