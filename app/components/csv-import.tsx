import { Form, useRevalidator } from '@remix-run/react'
import { BackLink } from './back-link'
import { catalogText } from '~/catalogs/catalog-texts'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { importHref, type ListPages } from '~/catalogs/catalog-pages'
import type { ImportReport } from '~/catalogs/csv-import-report.server'
import type { ImportJobView } from '~/catalogs/import-route.server'
import { formatNumber, formatPercent } from '~/i18n/format'
import { CsrfInput, ErrorSummary, Field } from './forms'
import { TableScroller } from './list'
import { CardSection } from './card-section'

/**
 * The CSV import page of a catalog: the upload form, what the file must hold, and the report of a refused
 * file (the action's answer, else one of an import that ran in the background).
 */
export function CsvImportPage({
	pages,
	page,
	answer,
	columns,
	formatHelp,
}: {
	pages: ListPages
	/** What the loader read (importPageLoader): an import running in the background (its progress), or one this server does not know. */
	page: { maxMegabytes: number; report: ImportReport | null; job: ImportJobView }
	answer: { report: ImportReport } | undefined
	columns: readonly string[]
	/** What the values of particular columns look like. */
	formatHelp: string[]
}) {
	const { t, i18n } = useTranslation()
	const title = catalogText(t, pages.key, 'importTitle')
	const backHref = pages.views.path
	const templateHref = `${importHref(pages)}/template.csv`
	const { maxMegabytes } = page
	const report = answer?.report ?? page.report
	const job = answer ? null : page.job
	const failed = report && !report.ok ? report : null
	if (job?.state === 'running') {
		return (
			<section aria-labelledby="import-heading">
				<h1 id="import-heading" className="h3 mb-3">
					{title}
				</h1>
				<ImportProgress rows={job.rows} percent={job.percent} />
			</section>
		)
	}
	return (
		<section aria-labelledby="import-heading">
			<BackLink to={backHref}>{catalogText(t, pages.key, 'backToList')}</BackLink>
			<h1 id="import-heading" className="h3 mb-3">
				{title}
			</h1>
			{job?.state === 'unknown' ? (
				<p className="alert alert-warning" role="alert">
					{t('csv.unknownJob')}
				</p>
			) : null}
			{failed ? (
				<ErrorSummary
					title={t('csv.refusedTitle')}
					formError={failed.fileError ? t(failed.fileError.key, failed.fileError.values ?? {}) : null}
				>
					{failed.rowErrors.length > 0 ? (
						<p className="mb-0">
							{t('csv.rowsInFile', { count: failed.rows })}{' '}
							{t('csv.rowErrorsSummary', { count: failed.rowErrors.length + failed.moreErrors })}
						</p>
					) : null}
				</ErrorSummary>
			) : null}
			{failed && failed.rowErrors.length > 0 ? (
				<TableScroller labelledBy="import-report-caption" className="mb-3">
					<table className="table table-sm import-report">
						<caption id="import-report-caption">{t('csv.reportCaption')}</caption>
						<thead>
							<tr>
								<th scope="col">{t('csv.line')}</th>
								<th scope="col">{t('csv.column')}</th>
								<th scope="col">{t('csv.problem')}</th>
							</tr>
						</thead>
						<tbody>
							{failed.rowErrors.map((error, index) => (
								<tr key={`${error.line}-${error.column}-${index}`}>
									<th scope="row">{error.line}</th>
									<td>
										<code>{error.column ?? '—'}</code>
									</td>
									<td>{t(error.error.key, error.error.values ?? {})}</td>
								</tr>
							))}
						</tbody>
					</table>
					{failed.moreErrors > 0 ? <p>{t('csv.moreErrors', { count: failed.moreErrors })}</p> : null}
				</TableScroller>
			) : null}
			<Form method="post" encType="multipart/form-data" className="card card-body mb-3" aria-labelledby="import-heading">
				<CsrfInput />
				<Field
					id="import-file"
					type="file"
					name="file"
					label={t('csv.file')}
					hint={t('csv.limits', { mb: formatNumber(maxMegabytes, i18n.language) })}
					accept=".csv,text/csv"
					required
				/>
				<div>
					<button type="submit" className="btn btn-primary">
						<i className="bx bx-upload" aria-hidden="true" /> {t('csv.submit')}
					</button>
				</div>
			</Form>
			<CardSection id="import-format" heading={t('csv.formatTitle')}>
				<p>{t('csv.formatIntro')}</p>
				<p>
					<code>{columns.join(',')}</code>
				</p>
				<p>
					{/* A download: a plain link, not one the client-side router would try to render. */}
					<a href={templateHref} download className="link-on-page">
						<i className="bx bx-download" aria-hidden="true" /> {t('csv.template')}
					</a>
				</p>
				<ul className="mb-0">
					<li>{t('csv.formatMatch')}</li>
					<li>{t('csv.formatVersion')}</li>
					<li>{t('csv.formatAllOrNothing')}</li>
					{formatHelp.map((help) => (
						<li key={help}>{help}</li>
					))}
				</ul>
			</CardSection>
		</section>
	)
}

/** How often the progress is asked for: by a refresh without JavaScript, by a data request with it. */
const PROGRESS_REFRESH_SECONDS = 1
const PROGRESS_POLL_MS = 500

/** An import in the background: how far it is, refreshed until it ends (then the loader sends the browser on). */
function ImportProgress({ rows, percent }: { rows: number; percent: number }) {
	const { t, i18n } = useTranslation()
	const revalidator = useRevalidator()
	useEffect(() => {
		const timer = setInterval(() => {
			if (revalidator.state === 'idle') revalidator.revalidate()
		}, PROGRESS_POLL_MS)
		return () => clearInterval(timer)
	}, [revalidator])
	return (
		<div className="card card-body" role="status" aria-live="polite">
			{/* Without JavaScript the page asks again by itself; with it, the data is polled instead. */}
			<noscript>
				<meta httpEquiv="refresh" content={String(PROGRESS_REFRESH_SECONDS)} />
			</noscript>
			<p className="fw-semibold mb-2">{t('csv.progressTitle')}</p>
			<progress className="w-100 mb-2" max={100} value={percent} aria-label={t('csv.progressTitle')}>
				{formatPercent(percent, i18n.language)}
			</progress>
			<p className="mb-1">{t('csv.progressRows', { count: rows })}</p>
			<p className="text-body-secondary small mb-0">{t('csv.progressHint')}</p>
		</div>
	)
}
