import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { RecordLabel } from '~/catalogs/bulk-route.server'
import { PageHeader } from './page-header'

export interface LabelsPageData {
	title: string
	back: string
	max: number
	labels: RecordLabel[]
	/** False when the portal has no public address to put in the codes (PUBLIC_URL unset, not on loopback). */
	origin: boolean
	error: { problem: string; missing: number[] } | null
}

/**
 * The print page of records' labels: on A4, a grid sized for the common sheets of 3 × 7 labels of 63.5 ×
 * 38.1 mm, each with the record's code, name, a QR code of its address and that address in text. Printed
 * with the browser's own command (no script needed); the page's frame and this introduction are not printed.
 */
export function LabelSheet({ page }: { page: LabelsPageData }) {
	const { t } = useTranslation()
	return (
		<section aria-labelledby="labels-heading">
			<div className="labels-intro">
				<PageHeader title={page.title} id="labels-heading">
					<Link to={page.back} className="btn btn-outline-secondary">
						{t('bulk.backToList')}
					</Link>
				</PageHeader>
				{page.error ? (
					<div className="alert alert-danger" role="alert">
						{t(`bulk.problems.${page.error.problem}`, { max: page.max, ids: page.error.missing.join(', ') })}
					</div>
				) : null}
				{page.origin ? null : (
					<div className="alert alert-warning" role="alert">
						{t('labels.noOrigin')}
					</div>
				)}
				{page.labels.length > 0 ? <p>{t('labels.printHint')}</p> : null}
			</div>
			{page.labels.length > 0 ? (
				<ul className="label-sheet" aria-label={t('labels.sheet')}>
					{page.labels.map((label) => (
						<li key={label.id} className="record-label">
							<div
								className="record-label__qr"
								role="img"
								aria-label={t('labels.qrLabel', { code: label.code })}
								dangerouslySetInnerHTML={{ __html: label.qrSvg }}
							/>
							<div className="record-label__text">
								<strong className="record-label__code">{label.code}</strong>
								<span className="record-label__name">{label.name}</span>
								<span className="record-label__url">{label.url}</span>
							</div>
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}
