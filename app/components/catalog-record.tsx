import { Link } from '@remix-run/react'
import { BackLink } from './back-link'
import { catalogText } from '~/catalogs/catalog-texts'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { labelsHref, newRecordHref, recordHref, type CatalogPages } from '~/catalogs/catalog-pages'
import type { FieldErrors } from '~/utils/form.server'
import { ConflictAlert, HistoryTable, RecordFacts, type ConflictInfo, type HistoryItem } from './catalog'
import { DeleteConfirmation, DeleteControl } from './catalog-delete'
import type { CatalogFormProps } from './catalog-form'
import { PageHeader } from './page-header'

/** A record page's refused post: the form's errors and values, or why the save or the delete was refused. */
export interface RecordRefusal {
	ok: false
	errors: FieldErrors
	values: Record<string, string>
	formError: string | null
	conflict?: ConflictInfo
	/** The delete was refused: this many records hold the record (a station's tools). */
	deleteRefused?: { count: number }
}

/** A field of a record as the read-only view shows it. */
export interface RecordField {
	label: string
	value: ReactNode
	/** Keeps the value's line breaks (a note). */
	preWrap?: boolean
}

export interface CatalogRecordData {
	id: number
	code: string
	name: string
	version: number
	created_by_name: string | null
	created_at: number
	updated_by_name: string | null
	updated_at: number
}

function BackToList({ pages }: { pages: CatalogPages }) {
	const { t } = useTranslation()
	return <BackLink to={pages.views.path}>{catalogText(t, pages.key, 'backToList')}</BackLink>
}

function isRefusal(answer: unknown): answer is RecordRefusal {
	return typeof answer === 'object' && answer !== null && 'ok' in answer && answer.ok === false
}

/**
 * A catalog record's page: its form (or a read-only view for those who may not change it), who made and
 * last changed it, its history, and its delete, with the conflict and refusal messages of a post. With
 * `confirmDelete` (the delete link without JavaScript) it is the delete's confirmation page instead. What
 * differs between catalogs is data: the form, the facts and fields shown, and a refused delete's notice.
 */
export function CatalogRecordPage({
	pages,
	page: { record, values, history, confirmDelete, allowed },
	answer,
	labels,
	form,
	facts,
	fields,
	deleteRefused,
	headingId = `${pages.entity}-heading`,
}: {
	pages: CatalogPages
	/** What the loader read (loadCatalogRecord). */
	page: {
		record: CatalogRecordData
		values: Record<string, string>
		history: HistoryItem[]
		confirmDelete: boolean
		allowed: { update: boolean; delete: boolean; export?: boolean }
	}
	/** The action's answer, if any. */
	answer: unknown
	labels: { fieldLabel: (field: string) => string; valueLabel: (field: string, value: string) => string }
	form: (props: CatalogFormProps) => ReactNode
	/** What the record facts add after the version. */
	facts: ReactNode
	fields: RecordField[]
	/** The notice of a delete refused because `count` records hold this one. */
	deleteRefused?: (count: number) => ReactNode
	/** The heading's id, when the page's is not `<entity>-heading` (the reference lists' items). */
	headingId?: string
}) {
	const { t } = useTranslation()
	const { key } = pages
	const href = recordHref(pages, record.id)
	const refusal = isRefusal(answer) ? answer : null
	const refusedDelete = refusal?.deleteRefused && deleteRefused ? deleteRefused(refusal.deleteRefused.count) : null
	const conflict = refusal?.conflict ? (
		<ConflictAlert conflict={refusal.conflict} reloadHref={href} fieldLabel={labels.fieldLabel} valueLabel={labels.valueLabel} />
	) : null
	const question = catalogText(t, key, 'deleteQuestion', { code: record.code, name: record.name })
	if (confirmDelete && allowed.delete) {
		return (
			<DeleteConfirmation
				title={catalogText(t, key, 'deleteTitle', { code: record.code })}
				headingId={headingId}
				question={question}
				action={href}
				version={record.version}
				confirmLabel={catalogText(t, key, 'deleteConfirm')}
			>
				{refusedDelete}
				{conflict}
			</DeleteConfirmation>
		)
	}

	return (
		<section aria-labelledby={headingId}>
			<BackToList pages={pages} />
			<PageHeader title={`${record.code} · ${record.name}`} id={headingId}>
				{pages.labels && allowed.export ? (
					<Link to={labelsHref(pages, [record.id])} className="btn btn-outline-dark">
						<i className="bx bx-qr" aria-hidden="true" /> {t('labels.one')}
					</Link>
				) : null}
				{allowed.delete ? (
					<DeleteControl
						action={href}
						version={record.version}
						label={catalogText(t, key, 'delete')}
						question={question}
						confirmLabel={catalogText(t, key, 'deleteConfirm')}
					/>
				) : null}
			</PageHeader>
			{refusedDelete}
			{conflict}
			<RecordFacts
				createdBy={record.created_by_name}
				createdAt={record.created_at}
				updatedBy={record.updated_by_name}
				updatedAt={record.updated_at}
				version={record.version}
			>
				{facts}
			</RecordFacts>
			{allowed.update ? (
				form({
					action: href,
					values: refusal?.values && Object.keys(refusal.values).length > 0 ? refusal.values : values,
					errors: refusal?.errors ?? {},
					formError: refusal?.formError ? t(refusal.formError) : null,
					submitLabel: t('catalog.save'),
					cancelHref: pages.views.path,
				})
			) : (
				<div className="record-view card card-body mb-3">
					<dl className="row mb-0">
						{fields.map((field) => (
							<Fragment key={field.label}>
								<dt className="col-sm-3">{field.label}</dt>
								<dd className={field.preWrap ? 'col-sm-9 text-prewrap' : 'col-sm-9'}>{field.value}</dd>
							</Fragment>
						))}
					</dl>
				</div>
			)}
			<HistoryTable history={history} fieldLabel={labels.fieldLabel} valueLabel={labels.valueLabel} />
		</section>
	)
}

/** A catalog's page that creates a record: its form, empty but for `initialValues`, or as posted with its errors. */
export function CatalogNewRecordPage({
	pages,
	answer,
	initialValues,
	form,
	headingId = `${pages.entity}-heading`,
}: {
	pages: CatalogPages
	/** The action's answer, if any. */
	answer: { values: Record<string, string>; errors: FieldErrors } | undefined
	initialValues: Record<string, string>
	form: (props: CatalogFormProps) => ReactNode
	/** The heading's id, when the page's is not `<entity>-heading` (the reference lists' items). */
	headingId?: string
}) {
	const { t } = useTranslation()
	return (
		<section aria-labelledby={headingId}>
			<BackToList pages={pages} />
			<PageHeader title={catalogText(t, pages.key, 'new')} id={headingId} />
			{form({
				action: newRecordHref(pages),
				values: answer?.values ?? initialValues,
				errors: answer?.errors ?? {},
				submitLabel: t('catalog.create'),
				cancelHref: pages.views.path,
			})}
		</section>
	)
}
