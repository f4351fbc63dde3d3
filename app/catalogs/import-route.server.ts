import { data, redirect } from '@remix-run/node'
import { catalogText } from '~/catalogs/catalog-texts'
import { getConfig } from '~/config.server'
import { getT } from '~/i18n/i18n.server'
import type { ReferenceListDefinition } from '~/reference-lists/definition'
import { optionsFor } from '~/reference-lists/options.server'
import type { Actor } from '~/audit/audit.server'
import { importHref, type ListPages } from './catalog-pages'
import { flashSuccess } from '~/utils/flash.server'
import { noteFormFailed, type FieldError } from '~/utils/form.server'
import { importCsv } from './csv-import.server'
import type { ImportAdapter } from './csv-import-adapter.server'
import type { ImportReport } from './csv-import-report.server'
import { readUpload } from './csv-upload.server'
import { BACKGROUND_IMPORT_BYTES, getImportJob, startImportJob } from './import-jobs.server'
import { EVERYWHERE, type ProvinceScope } from '~/permissions/scope'

/** What differs between the import pages of the catalogs and reference lists (each route checks its own `import` grant first). */
export interface CatalogImportSpec {
	pages: ListPages
	// The adapter's own input and row types do not matter here.
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	adapter: ImportAdapter<any, any>
	/** The reference list whose codes a column takes (its help text lists them), if one does. */
	choices?: ReferenceListDefinition
}

/** Where an import in the background stands, as its page shows it. */
export type ImportJobView = { state: 'running'; rows: number; percent: number } | { state: 'unknown' } | null

function reportOf(fileError: FieldError): ImportReport {
	return { ok: false, rows: 0, fileError, rowErrors: [], moreErrors: 0 }
}

/**
 * The import page: the form, or (`?job=…`) the progress of an import running in the background, which
 * ends in the list with a flash message when it succeeded, or in the report of what was refused.
 */
export async function importPageLoader(request: Request, user: Actor, spec: CatalogImportSpec) {
	const page = {
		title: catalogText(await getT(request), spec.pages.key, 'importTitle'),
		maxMegabytes: getConfig().maxUploadBytes / 1024 / 1024,
		choices: spec.choices ? await optionsFor(spec.choices, request) : [],
	}
	const jobId = new URL(request.url).searchParams.get('job')
	if (jobId === null) return data({ ...page, job: null as ImportJobView, report: null as ImportReport | null })
	const job = await getImportJob(jobId, user.id, spec.pages.key)
	if (!job) return data({ ...page, job: { state: 'unknown' } as ImportJobView, report: null }, { status: 404 })
	if (!job.outcome) {
		return data({
			...page,
			job: { state: 'running', rows: job.progress.rows, percent: Math.floor(job.progress.fraction * 100) } as ImportJobView,
			report: null,
		})
	}
	if ('failed' in job.outcome)
		return data({ ...page, job: null as ImportJobView, report: reportOf({ key: 'csv.errors.importFailed' }) }, { status: 500 })
	const report = job.outcome.report
	if (report.ok) {
		await flashSuccess(request, 'csv.imported', { created: report.created, updated: report.updated, unchanged: report.unchanged })
		throw redirect(spec.pages.views.path)
	}
	return data({ ...page, job: null as ImportJobView, report: report as ImportReport | null }, { status: 400 })
}

/**
 * POST multipart `file`. A file of up to BACKGROUND_IMPORT_BYTES is imported within the request: the
 * list with a flash message, or the report of its problems (400). A larger one is imported in the
 * background and the browser is sent to its progress page (303). Either way all rows or none are written.
 * The one form page not on `formAction`, on purpose: its body is read as a stream within the size limit
 * before its CSRF token can be (decision 0071).
 */
export async function importPageAction(request: Request, user: Actor, spec: CatalogImportSpec, scope: ProvinceScope = EVERYWHERE) {
	const upload = await readUpload(request)
	if (!upload.ok) {
		const status = upload.fileError.key === 'csv.errors.tooLarge' ? 413 : 400
		noteFormFailed()
		// An upload left partly unread: the connection is not reused.
		return data({ report: reportOf(upload.fileError) }, { status, headers: upload.closeConnection ? { Connection: 'close' } : undefined })
	}
	if (upload.bytes.byteLength > BACKGROUND_IMPORT_BYTES) {
		const job = await startImportJob(user.id, spec.pages.key, (onProgress) =>
			importCsv(upload.bytes, spec.adapter, user, upload.fileName, undefined, onProgress, scope),
		)
		return redirect(`${importHref(spec.pages)}?job=${job.id}`, 303)
	}
	const report = await importCsv(upload.bytes, spec.adapter, user, upload.fileName, undefined, undefined, scope)
	if (!report.ok) {
		noteFormFailed()
		return data({ report }, { status: 400 })
	}
	await flashSuccess(request, 'csv.imported', { created: report.created, updated: report.updated, unchanged: report.unchanged })
	return redirect(spec.pages.views.path)
}
