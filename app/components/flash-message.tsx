import { useTranslation } from 'react-i18next'
import type { Flash } from '~/auth/session.server'

const ALERT_CLASS: Record<Flash['type'], string> = {
	default: 'secondary',
	info: 'info',
	success: 'success',
	warning: 'warning',
	error: 'danger',
}

/** A message carried across a redirect; errors are announced as alerts, the rest as status. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
	const { t } = useTranslation()
	if (!flash) return null
	return (
		<div className={`alert alert-${ALERT_CLASS[flash.type]}`} role={flash.type === 'error' ? 'alert' : 'status'}>
			{t(flash.message, flash.values ?? {})}
		</div>
	)
}
