import { useEffect } from 'react'

export const DEFAULT_ACTIVITY_INTERVAL_MS = 60_000

/**
 * Reports user activity (clicks, keys) to the server at most every `intervalMs` (the server's touch
 * interval, a quarter of the idle timeout at most), so the session's idle timer restarts in time.
 */
export function useActivityReporter(intervalMs: number) {
	useEffect(() => {
		let lastReport = Date.now()
		const report = () => {
			const now = Date.now()
			if (now - lastReport < intervalMs) return
			lastReport = now
			void fetch('/api/activity', { method: 'POST', credentials: 'same-origin' }).catch(() => {})
		}
		document.addEventListener('click', report, { capture: true, passive: true })
		document.addEventListener('keydown', report, { capture: true, passive: true })
		return () => {
			document.removeEventListener('click', report, { capture: true })
			document.removeEventListener('keydown', report, { capture: true })
		}
	}, [intervalMs])
}
