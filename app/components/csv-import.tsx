import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ImportReport } from '~/catalogs/csv-import.server'
import { formatNumber } from '~/i18n/format'
import { CsrfInput } from './forms'

/** The CSV import page of a catalog: the upload form, what the file must hold, and the report of a refused file. */
export function CsvImportPage({
	title,
	backHref,
	backLabel,
	columns,
	formatHelp,
	maxMegabytes,
	report,
}: {
	title: string
	backHref: string
	backLabel: string
	columns: readonly string[]
	/** What the values of particular columns look like. */
	formatHelp: string[]
	maxMegabytes: number
	report: ImportReport | null
}) {
	const { t, i18n } = useTranslation()
	const failed = report && !report.ok ? report : null
	return (
		<section aria-labelledby="import-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={backHref} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{backLabel}
				</Link>
			</nav>
			<h1 id="import-heading" className="h3 mb-3">
				{title}
			</h1>
			{failed ? (
				<div className="alert alert-danger" role="alert">
					<p className="fw-semibold mb-1">{t('csv.refusedTitle')}</p>
					{failed.fileError ? <p className="mb-0">{t(failed.fileError.key, failed.fileError.values ?? {})}</p> : null}
					{failed.rowErrors.length > 0 ? (
						<p className="mb-0">{t('csv.rowErrorsSummary', { n: formatNumber(failed.rowErrors.length + failed.moreErrors, i18n.language), rows: formatNumber(failed.rows, i18n.language) })}</p>
					) : null}
				</div>
			) : null}
			{failed && failed.rowErrors.length > 0 ? (
				<div className="table-responsive mb-3">
					<table className="table table-sm import-report">
						<caption>{t('csv.reportCaption')}</caption>
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
					{failed.moreErrors > 0 ? <p>{t('csv.moreErrors', { n: formatNumber(failed.moreErrors, i18n.language) })}</p> : null}
				</div>
			) : null}
			<Form method="post" encType="multipart/form-data" className="card card-body mb-3" aria-labelledby="import-heading">
				<CsrfInput />
				<div className="mb-3">
					<label htmlFor="import-file" className="form-label">
						{t('csv.file')}
					</label>
					<input id="import-file" type="file" name="file" accept=".csv,text/csv" className="form-control" aria-describedby="import-file-hint" required />
					<div id="import-file-hint" className="form-text">
						{t('csv.limits', { mb: formatNumber(maxMegabytes, i18n.language) })}
					</div>
				</div>
				<div>
					<button type="submit" className="btn btn-primary">
						<i className="bx bx-upload" aria-hidden="true" /> {t('csv.submit')}
					</button>
				</div>
			</Form>
			<section aria-labelledby="import-format" className="card card-body">
				<h2 id="import-format" className="h5">
					{t('csv.formatTitle')}
				</h2>
				<p>{t('csv.formatIntro')}</p>
				<p>
					<code>{columns.join(',')}</code>
				</p>
				<ul className="mb-0">
					<li>{t('csv.formatMatch')}</li>
					<li>{t('csv.formatVersion')}</li>
					<li>{t('csv.formatAllOrNothing')}</li>
					{formatHelp.map((help) => (
						<li key={help}>{help}</li>
					))}
				</ul>
			</section>
		</section>
	)
}
