import { useTranslation } from 'react-i18next'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'

/** A date-time in the reader's language (Vietnamese formats for `vn`), in the reader's time zone. */
export function DateTime({ at, className }: { at: number; className?: string }) {
	const { i18n } = useTranslation()
	const timeZone = useTimeZone()
	return (
		<time dateTime={new Date(at).toISOString()} className={className}>
			{formatDateTime(at, i18n.language, timeZone)}
		</time>
	)
}
