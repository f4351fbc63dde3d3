import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/hooks/use-hydrated'

/** Needs the Fullscreen API, so it is rendered only once JavaScript runs. */
export function FullscreenToggle() {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	const [fullscreen, setFullscreen] = useState(false)
	useEffect(() => {
		const update = () => setFullscreen(Boolean(document.fullscreenElement))
		document.addEventListener('fullscreenchange', update)
		return () => document.removeEventListener('fullscreenchange', update)
	}, [])
	if (!hydrated || !document.fullscreenEnabled) return null
	const label = fullscreen ? t('topbar.exitFullscreen') : t('topbar.fullscreen')
	return (
		<button
			type="button"
			className="topbar__button topbar__fullscreen"
			aria-pressed={fullscreen}
			title={label}
			onClick={() => void (fullscreen ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {})}
		>
			<i className={`bx ${fullscreen ? 'bx-exit-fullscreen' : 'bx-fullscreen'}`} aria-hidden="true" />
			<span className="visually-hidden">{label}</span>
		</button>
	)
}
