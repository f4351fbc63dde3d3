import { useFetchers, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** A slim bar at the top while a navigation or a form submission is pending (JavaScript only). */
export function ProgressBar() {
	const { t } = useTranslation()
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state === 'submitting')
	if (!busy) return null
	return <div className="progress-top" role="progressbar" aria-label={t('app.loading')} aria-busy="true" />
}
