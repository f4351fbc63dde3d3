import { Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Flash } from '~/auth/session.server'
import { useHydrated } from '~/hooks/use-hydrated'
import { ALERT_CLASS, TOAST_DURATION_MS, createDuplicateFilter, toastRole } from './toast-rules'

const shouldShow = createDuplicateFilter()

/**
 * A flash message carried across a redirect. Without JavaScript: a status region in the page with a
 * dismiss link. With it: a toast at the top right that fades after 3 s; duplicates are suppressed.
 * Errors are announced assertively.
 */
export function Toasts({ flash }: { flash: Flash | null }) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	const location = useLocation()
	const [visible, setVisible] = useState<Flash | null>(flash)

	useEffect(() => {
		if (!flash) return
		if (!shouldShow(flash, Date.now())) return
		setVisible(flash)
		const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS)
		return () => clearTimeout(timer)
	}, [flash])

	const message = hydrated ? visible : flash
	if (!message) return null
	const text = t(message.message, message.values ?? {})
	return (
		<div className={hydrated ? 'toast-region' : 'flash-region'}>
			<div
				className={`alert alert-${ALERT_CLASS[message.type]} alert-dismissible${hydrated ? ' toast-message shadow' : ''}`}
				role={toastRole(message.type)}
			>
				{text}
				{hydrated ? (
					<button type="button" className="btn-close" aria-label={t('toast.dismiss')} onClick={() => setVisible(null)} />
				) : (
					<Link to={`${location.pathname}${location.search}`} className="btn-close" aria-label={t('toast.dismiss')} />
				)}
			</div>
		</div>
	)
}
