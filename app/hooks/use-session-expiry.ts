import { useCallback, useEffect, useRef, useState } from 'react'

/** How long before the idle timeout the page warns (and offers to stay signed in). */
export const SESSION_WARNING_MS = 120_000

export type SessionPhase = { phase: 'active' } | { phase: 'warning'; remainingMs: number } | { phase: 'ended' }

interface ActivityAnswer {
	active: boolean
	idleExpiresInMs?: number
}

async function reportActivity(): Promise<number | null> {
	try {
		const response = await fetch('/api/activity', { method: 'POST', credentials: 'same-origin' })
		if (response.status === 401) return 0
		if (!response.ok) return null
		const answer = (await response.json()) as ActivityAnswer
		return typeof answer.idleExpiresInMs === 'number' ? answer.idleExpiresInMs : null
	} catch {
		return null
	}
}

/**
 * The session's idle timeout as the page sees it: user activity (clicks, keys) is reported at most every
 * `intervalMs`, which restarts the server's idle timer; two minutes before it runs out the phase turns
 * `warning` (with `stay()` to extend it), and `ended` once it has. `expiresInMs` comes with each load of
 * the page's data (`dataKey` changes then).
 */
export function useSessionExpiry({
	intervalMs,
	expiresInMs,
	dataKey,
}: {
	intervalMs: number
	expiresInMs: number | null
	dataKey: unknown
}) {
	const deadline = useRef<number | null>(null)
	const [phase, setPhase] = useState<SessionPhase>({ phase: 'active' })

	const extend = useCallback((remainingMs: number | null) => {
		if (remainingMs === null) return
		deadline.current = Date.now() + remainingMs
		setPhase(
			remainingMs <= 0 ? { phase: 'ended' } : remainingMs <= SESSION_WARNING_MS ? { phase: 'warning', remainingMs } : { phase: 'active' },
		)
	}, [])

	useEffect(() => {
		if (expiresInMs !== null) extend(expiresInMs)
	}, [expiresInMs, dataKey, extend])

	useEffect(() => {
		let lastReport = Date.now()
		const report = () => {
			const now = Date.now()
			if (now - lastReport < intervalMs) return
			lastReport = now
			void reportActivity().then(extend)
		}
		const tick = window.setInterval(() => {
			if (deadline.current === null) return
			const remainingMs = deadline.current - Date.now()
			setPhase((current) => {
				if (remainingMs <= 0) return current.phase === 'ended' ? current : { phase: 'ended' }
				if (remainingMs <= SESSION_WARNING_MS) return { phase: 'warning', remainingMs }
				return current.phase === 'active' ? current : { phase: 'active' }
			})
		}, 5_000)
		document.addEventListener('click', report, { capture: true, passive: true })
		document.addEventListener('keydown', report, { capture: true, passive: true })
		return () => {
			window.clearInterval(tick)
			document.removeEventListener('click', report, { capture: true })
			document.removeEventListener('keydown', report, { capture: true })
		}
	}, [intervalMs, extend])

	const stay = useCallback(() => {
		void reportActivity().then(extend)
	}, [extend])

	return { ...phase, stay }
}
