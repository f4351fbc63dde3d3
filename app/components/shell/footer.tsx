import { useTranslation } from 'react-i18next'
import { formatDate } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'

export function Footer({ version, buildDate, commit }: { version: string; buildDate: string; commit: string }) {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	const year = new Date().getFullYear()
	return (
		<footer className="app-footer">
			<span>
				© {year} {t('app.name')}
			</span>
			<span>
				{t('footer.version', { version })} · {t('footer.built', { date: formatDate(new Date(buildDate), i18n.language, timeZone) })} ·{' '}
				<span title={commit}>{t('footer.commit', { commit: commit === 'unknown' ? commit : commit.slice(0, 12) })}</span>
			</span>
		</footer>
	)
}
