import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from './forms'

/** Sign-out is a POST: a link or a GET never ends a session. */
export function SignOutForm({ className = 'btn btn-link p-0', icon = false }: { className?: string; icon?: boolean }) {
	const { t } = useTranslation()
	return (
		<Form method="post" action="/account/logout">
			<CsrfInput />
			<button type="submit" className={className}>
				{icon ? <i className="bx bx-power-off" aria-hidden="true" /> : null}
				{t('nav.signOut')}
			</button>
		</Form>
	)
}
