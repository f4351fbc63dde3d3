import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/forms'

/** The admin user page's part about the user's second factor: on or off, and the reset (intent `resetMfa`). */
export function AdminMfaReset({ href, secondFactor, self }: { href: string; secondFactor: boolean; self: boolean }) {
	const { t } = useTranslation()
	return (
		<Form method="post" action={href} className="mt-3">
			<CsrfInput />
			<h3 className="h6">{t('mfa.admin.heading')}</h3>
			<p className="mb-2">
				{t(secondFactor ? 'mfa.admin.on' : 'mfa.admin.off')}
				{secondFactor && !self ? ` — ${t('mfa.admin.resetHint')}` : ''}
			</p>
			{secondFactor && !self ? (
				<>
					<input type="hidden" name="intent" value="resetMfa" />
					<button type="submit" className="btn btn-outline-danger">
						{t('mfa.admin.reset')}
					</button>
				</>
			) : null}
		</Form>
	)
}
