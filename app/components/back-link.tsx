import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The way back above a page's heading (to its list, or the record it belongs to): a breadcrumb of one link. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
	const { t } = useTranslation()
	return (
		<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
			<Link to={to} className="link-on-page">
				<i className="bx bx-chevron-left" aria-hidden="true" />
				{children}
			</Link>
		</nav>
	)
}
