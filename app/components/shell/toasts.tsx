import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Flash } from '~/auth/session.server'
import { useHydrated } from '~/hooks/use-hydrated'
import { ALERT_CLASS, TOAST_DURATION_MS, createDuplicateFilter, flashText, toastRole } from './toast-rules'

const shouldShow = createDuplicateFilter()

/**
 * A flash message carried across a redirect. Without JavaScript: a status region in the page with a
 * dismiss link. With it: a toast in the bottom corner, where no page action sits, that goes after a few
 * seconds, unless the pointer is on it or the focus in it (then it waits: WCAG 2.2.1), with a button to
 * dismiss it; duplicates are suppressed. Errors are announced assertively.
 */
export function Toasts({ flash }: { flash: Flash | null }) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	const location = useLocation()
	const [visible, setVisible] = useState<Flash | null>(flash)
	const [hovered, setHovered] = useState(false)
	const [focused, setFocused] = useState(false)
	const remainingMs = useRef(TOAST_DURATION_MS)
	// A toast that goes while the pointer or focus is on it gets no leave or blur event.
	const dismiss = () => {
		setVisible(null)
		setHovered(false)
		setFocused(false)
	}

	useEffect(() => {
		if (!flash) return
		if (!shouldShow(flash, Date.now())) return
		remainingMs.current = TOAST_DURATION_MS
		setVisible(flash)
	}, [flash])

	// The time left runs only while nobody is reading or about to act on the toast.
	const paused = hovered || focused
	useEffect(() => {
		if (!visible || paused) return
		const started = Date.now()
		const timer = setTimeout(dismiss, remainingMs.current)
		return () => {
			clearTimeout(timer)
			remainingMs.current = Math.max(0, remainingMs.current - (Date.now() - started))
		}
	}, [visible, paused])

	const message = hydrated ? visible : flash
	if (!message) return null
	const text = flashText(t, message)
	return (
		<div className={hydrated ? 'toast-region' : 'flash-region'}>
			<div
				className={`alert alert-${ALERT_CLASS[message.type]} alert-dismissible${hydrated ? ' toast-message shadow' : ''}`}
				role={toastRole(message.type)}
				{...(hydrated
					? {
							onMouseEnter: () => setHovered(true),
							onMouseLeave: () => setHovered(false),
							onFocus: () => setFocused(true),
							onBlur: () => setFocused(false),
						}
					: {})}
			>
				{text}
				{hydrated ? (
					<button type="button" className="btn-close" aria-label={t('toast.dismiss')} onClick={dismiss} />
				) : (
					<Link to={`${location.pathname}${location.search}`} className="btn-close" aria-label={t('toast.dismiss')} />
				)}
			</div>
		</div>
	)
}
