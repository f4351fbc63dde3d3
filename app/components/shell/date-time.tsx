import { useTranslation } from 'react-i18next'
import { formatDateTime } from '~/i18n/format'

/** A date-time in the reader's language (Vietnamese formats for `vn`), in the company's time zone. */
export function DateTime({ at, className }: { at: number; className?: string }) {
	const { i18n } = useTranslation()
	return (
		<time dateTime={new Date(at).toISOString()} className={className}>
			{formatDateTime(at, i18n.language)}
		</time>
	)
}
