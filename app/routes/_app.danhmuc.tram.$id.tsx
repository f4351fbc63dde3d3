import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { differencesFrom, parseId, recordIntent, recordHistory } from '~/catalogs/catalog.server'
import { provinceName } from '~/catalogs/provinces'
import { stationSchemaFor } from '~/catalogs/station-schema.server'
import { STATION_FUNCTION, STATIONS_PATH } from '~/catalogs/stations'
import { TOOL_FUNCTION } from '~/catalogs/tools'
import { deleteStation, getStationRecord, stationFormValues, updateStation, type StationRecord } from '~/catalogs/stations.server'
import { ConflictAlert, DeleteConfirmation, DeleteControl, HistoryTable, RecordFacts, StatusBadge, type ConflictInfo } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { StationForm, stationHref, useStationLabels } from '~/components/station-form'
import { getDb } from '~/db/db.server'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { forbidden, requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import { listedCodes } from '~/reference-lists/reference-lists.server'
import catalogStyles from '~/styles/catalogs.css'
import { assertCsrf, invalid, parseForm, type FieldErrors, noteFormFailed } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'
import { notFound } from '~/utils/responses.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' }, '/danhmuc/tram/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	const id = parseId(params.id)
	const station = id === null ? undefined : await getStationRecord(id)
	if (!station) throw notFound()
	const confirmDelete = new URL(request.url).searchParams.get('intent') === 'delete'
	if (confirmDelete && !can(grants, STATION_FUNCTION, 'delete')) throw forbidden()
	const t = await getT(request)
	return {
		title: confirmDelete ? t('stations.deleteTitle', { code: station.code }) : `${station.code} · ${station.name}`,
		station,
		values: stationFormValues(station),
		history: await recordHistory(getDb(), 'station', station.id),
		types: await optionsFor(STATION_TYPE_LIST, request),
		confirmDelete,
		allowed: {
			update: can(grants, STATION_FUNCTION, 'update'),
			delete: can(grants, STATION_FUNCTION, 'delete'),
			addTool: can(grants, TOOL_FUNCTION, 'create'),
		},
	}
}

function conflictOf(current: StationRecord, sent: Record<string, string>): ConflictInfo {
	return {
		by: current.updated_by_name,
		at: current.updated_at,
		version: current.version,
		differences: differencesFrom(stationFormValues(current), sent),
	}
}

interface Refusal {
	ok: false
	errors: FieldErrors
	values: Record<string, string>
	formError: string | null
	conflict?: ConflictInfo
	deleteRefused?: { toolCount: number }
}

function refused(body: Omit<Refusal, 'ok' | 'errors' | 'formError'> & Partial<Refusal>, status: number) {
	noteFormFailed()
	return data<Refusal>({ ok: false, errors: {}, formError: null, ...body }, { status })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	const intent = await recordIntent(request)
	await requirePermission(request, 'DANHMUC_TRAM', intent)
	const id = parseId(params.id)
	if (id === null) throw notFound()

	if (intent === 'delete') {
		const formData = await request.formData()
		assertCsrf(request, formData)
		const versionText = String(formData.get('version') ?? '')
		const version = /^\d{1,9}$/.test(versionText) ? Number(versionText) : null
		const result = await deleteStation(id, version, user)
		if (result.ok) {
			await flashSuccess(request, 'stations.deleted', { code: result.code })
			return redirect(STATIONS_PATH)
		}
		if (result.reason === 'notFound') throw notFound()
		if (result.reason === 'hasTools') return refused({ values: {}, deleteRefused: { toolCount: result.toolCount } }, 409)
		return refused({ values: {}, conflict: conflictOf(result.current, {}) }, 409)
	}

	const form = await parseForm(request, stationSchemaFor(await listedCodes(STATION_TYPE_LIST)))
	if (!form.ok) return invalid(form)
	const values = form.values
	const result = await updateStation(id, form.data, user)
	if (result.ok) {
		await flashSuccess(request, result.changed ? 'stations.saved' : 'catalog.noChanges', { code: form.data.code })
		return redirect(stationHref(id))
	}
	switch (result.reason) {
		case 'notFound':
			throw notFound()
		case 'codeTaken':
			return refused({ values, errors: { code: { key: 'catalog.errors.codeTaken' } } }, 409)
		case 'typeNotListed':
			return refused({ values, errors: { type: { key: 'catalog.errors.invalidChoice' } } }, 400)
		case 'versionMissing':
			return refused({ values, formError: 'catalog.errors.versionMissing' }, 409)
		case 'conflict':
			return refused({ values, conflict: conflictOf(result.current, values) }, 409)
	}
}

export default function StationPage() {
	const { t, i18n } = useTranslation()
	const { station, values, history, types, confirmDelete, allowed } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const labels = useStationLabels(types)
	const href = stationHref(station.id)
	const refusal = actionData && !actionData.ok ? (actionData as Refusal) : null
	const deleteRefused = refusal?.deleteRefused ? (
		<div className="alert alert-danger" role="alert">
			<p className="mb-1">{t('stations.deleteRefused', { count: refusal.deleteRefused.toolCount })}</p>
			<Link to={`/congcu/list?stationId=${station.id}`} className="alert-link">
				{t('stations.showTools')}
			</Link>
		</div>
	) : null
	const conflict = refusal?.conflict ? (
		<ConflictAlert conflict={refusal.conflict} reloadHref={href} fieldLabel={labels.fieldLabel} valueLabel={labels.valueLabel} />
	) : null

	if (confirmDelete && allowed.delete) {
		return (
			<DeleteConfirmation
				title={t('stations.deleteTitle', { code: station.code })}
				headingId="station-heading"
				question={t('stations.deleteQuestion', { code: station.code, name: station.name })}
				action={href}
				version={station.version}
				confirmLabel={t('stations.deleteConfirm')}
			>
				{deleteRefused}
				{conflict}
			</DeleteConfirmation>
		)
	}

	return (
		<section aria-labelledby="station-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={STATIONS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('stations.backToList')}
				</Link>
			</nav>
			<PageHeader title={`${station.code} · ${station.name}`} id="station-heading">
				{allowed.delete ? (
					<DeleteControl
						action={href}
						version={station.version}
						label={t('stations.delete')}
						question={t('stations.deleteQuestion', { code: station.code, name: station.name })}
						confirmLabel={t('stations.deleteConfirm')}
					/>
				) : null}
			</PageHeader>
			{deleteRefused}
			{conflict}
			<RecordFacts
				createdBy={station.created_by_name}
				createdAt={station.created_at}
				updatedBy={station.updated_by_name}
				updatedAt={station.updated_at}
				version={station.version}
			>
				<dt className="col-sm-3">{t('stations.toolCount')}</dt>
				<dd className="col-sm-9">
					<Link to={`/congcu/list?stationId=${station.id}`} className="link-on-page">
						{formatNumber(station.tool_count, i18n.language)}
					</Link>
					{allowed.addTool ? (
						<>
							{' · '}
							<Link to={`/congcu/list/new?stationId=${station.id}`} className="link-on-page">
								{t('stations.addTool')}
							</Link>
						</>
					) : null}
				</dd>
			</RecordFacts>
			{allowed.update ? (
				<StationForm
					action={href}
					values={refusal?.values && Object.keys(refusal.values).length > 0 ? refusal.values : values}
					errors={refusal?.errors ?? {}}
					formError={refusal?.formError ? t(refusal.formError) : null}
					types={types}
					submitLabel={t('catalog.save')}
					cancelHref={STATIONS_PATH}
				/>
			) : (
				<div className="record-view card card-body mb-3">
					<dl className="row mb-0">
						<dt className="col-sm-3">{t('stations.fields.code')}</dt>
						<dd className="col-sm-9">{station.code}</dd>
						<dt className="col-sm-3">{t('stations.fields.name')}</dt>
						<dd className="col-sm-9">{station.name}</dd>
						<dt className="col-sm-3">{t('stations.fields.type')}</dt>
						<dd className="col-sm-9">{labels.typeLabel(station.type)}</dd>
						<dt className="col-sm-3">{t('stations.fields.province')}</dt>
						<dd className="col-sm-9">{provinceName(station.province)}</dd>
						<dt className="col-sm-3">{t('stations.fields.address')}</dt>
						<dd className="col-sm-9">{station.address ?? '—'}</dd>
						<dt className="col-sm-3">{t('stations.fields.coordinates')}</dt>
						<dd className="col-sm-9">{values.latitude ? `${values.latitude}, ${values.longitude}` : '—'}</dd>
						<dt className="col-sm-3">{t('stations.fields.status')}</dt>
						<dd className="col-sm-9">
							<StatusBadge status={station.status} label={labels.statusLabel(station.status)} />
						</dd>
						<dt className="col-sm-3">{t('stations.fields.commissionedAt')}</dt>
						<dd className="col-sm-9">{station.commissioned_at ? formatCalendarDate(station.commissioned_at, i18n.language) : '—'}</dd>
						<dt className="col-sm-3">{t('stations.fields.note')}</dt>
						<dd className="col-sm-9 text-prewrap">{station.note ?? '—'}</dd>
					</dl>
				</div>
			)}
			<HistoryTable history={history} fieldLabel={labels.fieldLabel} valueLabel={labels.valueLabel} />
		</section>
	)
}
