import { useEffect } from 'react'

const REPORT_INTERVAL_MS = 60_000

/** Reports user activity (clicks, keys) to the server at most once a minute; the session's idle timer restarts. */
export function useActivityReporter() {
	useEffect(() => {
		let lastReport = Date.now()
		const report = () => {
			const now = Date.now()
			if (now - lastReport < REPORT_INTERVAL_MS) return
			lastReport = now
			void fetch('/api/activity', { method: 'POST', credentials: 'same-origin' }).catch(() => {})
		}
		document.addEventListener('click', report, { capture: true, passive: true })
		document.addEventListener('keydown', report, { capture: true, passive: true })
		return () => {
			document.removeEventListener('click', report, { capture: true })
			document.removeEventListener('keydown', report, { capture: true })
		}
	}, [])
}
