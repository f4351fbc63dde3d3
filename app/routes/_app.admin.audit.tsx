import { type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AUDIT_EXPORT_PATH, AUDIT_LIST, AUDIT_PATH, auditEntityName, auditEventName, auditFieldLabel } from '~/admin/audit'
import { auditChoices, listAudit } from '~/admin/audit.server'
import { PageHeader } from '~/components/page-header'
import { PagedTable, type TableColumn } from '~/components/data-table'
import { ListToolbar } from '~/components/list-toolbar'
import { FilterInput } from '~/components/filter-input'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { getT } from '~/i18n/i18n.server'
import { readerTimeZone } from '~/i18n/time-zone.server'
import { listSearch } from '~/lists/list-query'
import { requireListState, requirePageInRange } from '~/lists/list-route.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'QUANTRI_AUDIT' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants, user } = await requirePermission(request, 'QUANTRI_AUDIT', 'view')
	const state = requireListState(request, AUDIT_PATH, AUDIT_LIST)
	const [result, choices] = await Promise.all([listAudit(state, readerTimeZone(user)), auditChoices()])
	requirePageInRange(result, state, AUDIT_PATH, AUDIT_LIST)
	const t = await getT(request)
	return { title: t('admin.audit.title'), state, result, choices, allowed: { export: can(grants, 'QUANTRI_AUDIT', 'export') } }
}

export default function AuditPage() {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	const { state, result, choices, allowed } = useLoaderData<typeof loader>()
	const list = { path: AUDIT_PATH, state, spec: AUDIT_LIST }
	/** The filters typed rather than chosen. */
	const typedFilters = [
		{ name: 'target', label: t('admin.audit.fields.target'), inputMode: 'numeric', autoComplete: 'off', maxLength: 20 },
		{ name: 'actor', label: t('admin.audit.fields.actor'), type: 'email', autoComplete: 'off', wide: true },
		{ name: 'from', label: t('admin.audit.fields.from'), type: 'date' },
		{ name: 'to', label: t('admin.audit.fields.to'), type: 'date' },
	] as const
	const columns: TableColumn<(typeof result.rows)[number]>[] = [
		{
			key: 'at',
			label: t('admin.audit.fields.at'),
			sortable: true,
			rowHeader: true,
			className: 'text-nowrap fw-normal',
			cell: (row) => formatDateTime(row.at, i18n.language, timeZone),
		},
		{
			key: 'actor',
			label: t('admin.audit.fields.actor'),
			cell: (row) => (
				<>
					{row.actorId !== null ? (
						<Link to={`/admin/users/${row.actorId}`}>{row.actorName ?? row.actorEmail}</Link>
					) : (
						(row.actorEmail ?? '—')
					)}
					{row.actorId !== null && row.actorEmail ? <div className="small text-body-secondary">{row.actorEmail}</div> : null}
					{row.ip ? <div className="small text-body-secondary">{row.ip}</div> : null}
				</>
			),
		},
		{
			key: 'action',
			label: t('admin.audit.fields.action'),
			cell: (row) => (
				<>
					{auditEventName(t, row.action)}
					<div>
						<code className="small">{row.action}</code>
					</div>
				</>
			),
		},
		{
			key: 'entity',
			label: t('admin.audit.fields.entity'),
			cell: (row) =>
				row.entity ? (
					<>
						<span className="d-block">{auditEntityName(t, row.entity)}</span>
						{row.target?.href ? (
							<Link to={row.target.href}>{row.target.label ?? `#${row.entityId}`}</Link>
						) : (
							<span>{row.target?.label ?? (row.entityId ? `#${row.entityId}` : '')}</span>
						)}
						{row.entityId ? (
							<div className="small mt-2">
								<Link
									to={`${AUDIT_PATH}${listSearch({ ...state, q: '', page: 1, filters: { entity: row.entity, target: row.entityId } }, AUDIT_LIST)}`}
								>
									{t('admin.audit.recordHistory')}
								</Link>
							</div>
						) : null}
					</>
				) : (
					'—'
				),
		},
		{
			key: 'details',
			label: t('admin.audit.fields.details'),
			cell: (row) => (
				<>
					{row.changes.length > 0 ? (
						<ul className="list-unstyled mb-1 small">
							{row.changes.map((change) => (
								<li key={change.field}>
									<strong>{auditFieldLabel(t, row.entity, change.field)}</strong>: <del>{change.from || t('admin.audit.empty')}</del> →{' '}
									<ins>{change.to || t('admin.audit.empty')}</ins>
								</li>
							))}
						</ul>
					) : null}
					{row.facts.length > 0 ? (
						<ul className="list-unstyled mb-0 small text-body-secondary">
							{row.facts.map((fact) => (
								<li key={fact.name}>
									{auditFieldLabel(t, null, fact.name)}: {fact.value}
								</li>
							))}
						</ul>
					) : null}
				</>
			),
		},
	]
	return (
		<section aria-labelledby="audit-heading">
			<PageHeader title={t('admin.audit.title')} id="audit-heading">
				{allowed.export ? (
					<a href={`${AUDIT_EXPORT_PATH}${listSearch(state, AUDIT_LIST, { page: 1 })}`} className="btn btn-outline-dark" download>
						<i className="bx bx-download" aria-hidden="true" /> {t('admin.audit.export')}
					</a>
				) : null}
			</PageHeader>
			<ListToolbar
				{...list}
				label={t('admin.audit.searchForm')}
				searchLabel={t('list.search')}
				searchHint={t('admin.audit.searchHint')}
				filters={[
					{
						name: 'action',
						label: t('admin.audit.fields.action'),
						allLabel: t('list.all'),
						options: choices.actions
							.map((value) => ({ value, label: auditEventName(t, value) }))
							.sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
					},
					{
						name: 'entity',
						label: t('admin.audit.fields.entity'),
						allLabel: t('list.all'),
						options: choices.entities.map((value) => ({ value, label: auditEntityName(t, value) })),
					},
				]}
				extra={typedFilters.map(({ name, ...input }) => (
					<FilterInput key={name} id={`audit-${name}`} name={name} defaultValue={state.filters[name] ?? ''} {...input} />
				))}
			/>
			<PagedTable
				list={list}
				result={result}
				id="audit"
				name={t('admin.audit.title')}
				sortLabel={t('admin.audit.fields.at')}
				emptyTitle={t('admin.audit.emptyTitle')}
				emptyBody={t('admin.audit.emptyBody')}
				className="table align-middle admin-audit"
				columns={columns}
			/>
		</section>
	)
}
