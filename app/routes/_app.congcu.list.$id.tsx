import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { differencesFrom, parseId, recordIntent, recordHistory } from '~/catalogs/catalog.server'
import { formatMinor } from '~/catalogs/decimal'
import { toolSchemaFor } from '~/catalogs/tool-schema.server'
import { MONEY_SCALE, TOOL_FUNCTION, TOOLS_PATH } from '~/catalogs/tools'
import { deleteTool, getToolRecord, resolveStation, stationChoices, toolFormValues, updateTool, type ToolRecord } from '~/catalogs/tools.server'
import { ConflictAlert, DeleteConfirmation, DeleteControl, HistoryTable, RecordFacts, StatusBadge, type ConflictInfo } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { stationHref } from '~/components/station-form'
import { ToolForm, useToolLabels } from '~/components/tool-form'
import { getDb } from '~/db/db.server'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { forbidden, requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import { listedCodes } from '~/reference-lists/reference-lists.server'
import catalogStyles from '~/styles/catalogs.css'
import { assertCsrf, invalid, parseForm, type FieldErrors, noteFormFailed } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'
import { notFound } from '~/utils/responses.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' }, '/congcu/list/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** The form's texts for a tool: with many stations (a text field), the station shows as its code. */
function formValues(tool: ToolRecord, stationsSelectable: boolean) {
	const values = toolFormValues(tool)
	if (!stationsSelectable && tool.station_code) values.stationId = tool.station_code
	return values
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'CONGCU_LIST', 'view')
	const id = parseId(params.id)
	const tool = id === null ? undefined : await getToolRecord(id)
	if (!tool) throw notFound()
	const confirmDelete = new URL(request.url).searchParams.get('intent') === 'delete'
	if (confirmDelete && !can(grants, TOOL_FUNCTION, 'delete')) throw forbidden()
	const allowed = { update: can(grants, TOOL_FUNCTION, 'update'), delete: can(grants, TOOL_FUNCTION, 'delete') }
	const stations = allowed.update ? await stationChoices() : null
	const t = await getT(request)
	return {
		title: confirmDelete ? t('tools.deleteTitle', { code: tool.code }) : `${tool.code} · ${tool.name}`,
		tool,
		values: formValues(tool, stations !== null),
		stations,
		history: await recordHistory(getDb(), 'tool', tool.id),
		categories: await optionsFor(TOOL_CATEGORY_LIST, request),
		confirmDelete,
		allowed,
	}
}

function conflictOf(current: ToolRecord, sent: Record<string, string>): ConflictInfo {
	return { by: current.updated_by_name, at: current.updated_at, version: current.version, differences: differencesFrom(toolFormValues(current), sent) }
}

interface Refusal {
	ok: false
	errors: FieldErrors
	values: Record<string, string>
	formError: string | null
	conflict?: ConflictInfo
}

function refused(body: Omit<Refusal, 'ok' | 'errors' | 'formError'> & Partial<Refusal>, status: number) {
	noteFormFailed()
	return data<Refusal>({ ok: false, errors: {}, formError: null, ...body }, { status })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_LIST', 'view')
	const intent = await recordIntent(request)
	await requirePermission(request, 'CONGCU_LIST', intent)
	const id = parseId(params.id)
	if (id === null) throw notFound()

	if (intent === 'delete') {
		const formData = await request.formData()
		assertCsrf(request, formData)
		const versionText = String(formData.get('version') ?? '')
		const result = await deleteTool(id, /^\d{1,9}$/.test(versionText) ? Number(versionText) : null, user)
		if (result.ok) {
			await flashSuccess(request, 'tools.deleted', { code: result.code })
			return redirect(TOOLS_PATH)
		}
		if (result.reason === 'notFound') throw notFound()
		return refused({ values: {}, conflict: conflictOf(result.current, {}) }, 409)
	}

	const form = await parseForm(request, toolSchemaFor(await listedCodes(TOOL_CATEGORY_LIST)))
	if (!form.ok) return invalid(form)
	const values = form.values
	const station = form.data.stationId === null ? null : await resolveStation(form.data.stationId)
	if (form.data.stationId !== null && !station) return refused({ values, errors: { stationId: { key: 'tools.errors.stationNotFound' } } }, 400)
	const result = await updateTool(id, { ...form.data, stationId: station?.id ?? null }, user)
	if (result.ok) {
		await flashSuccess(request, result.changed ? 'tools.saved' : 'catalog.noChanges', { code: form.data.code })
		return redirect(`${TOOLS_PATH}/${id}`)
	}
	switch (result.reason) {
		case 'notFound':
			throw notFound()
		case 'codeTaken':
			return refused({ values, errors: { code: { key: 'catalog.errors.codeTaken' } } }, 409)
		case 'stationNotFound':
			return refused({ values, errors: { stationId: { key: 'tools.errors.stationNotFound' } } }, 400)
		case 'categoryNotListed':
			return refused({ values, errors: { category: { key: 'catalog.errors.invalidChoice' } } }, 400)
		case 'versionMissing':
			return refused({ values, formError: 'catalog.errors.versionMissing' }, 409)
		case 'conflict':
			return refused({ values, conflict: conflictOf(result.current, values) }, 409)
	}
}

export default function ToolPage() {
	const { t, i18n } = useTranslation()
	const { tool, values, stations, categories, history, confirmDelete, allowed } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const labels = useToolLabels(stations, categories)
	const href = `${TOOLS_PATH}/${tool.id}`
	const refusal = actionData && !actionData.ok ? (actionData as Refusal) : null
	const conflict = refusal?.conflict ? (
		<ConflictAlert conflict={refusal.conflict} reloadHref={href} fieldLabel={labels.fieldLabel} valueLabel={labels.valueLabel} />
	) : null

	if (confirmDelete && allowed.delete) {
		return (
			<DeleteConfirmation
				title={t('tools.deleteTitle', { code: tool.code })}
				headingId="tool-heading"
				question={t('tools.deleteQuestion', { code: tool.code, name: tool.name })}
				action={href}
				version={tool.version}
				confirmLabel={t('tools.deleteConfirm')}
			>
				{conflict}
			</DeleteConfirmation>
		)
	}

	return (
		<section aria-labelledby="tool-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={TOOLS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('tools.backToList')}
				</Link>
			</nav>
			<PageHeader title={`${tool.code} · ${tool.name}`} id="tool-heading">
				{allowed.delete ? (
					<DeleteControl
						action={href}
						version={tool.version}
						label={t('tools.delete')}
						question={t('tools.deleteQuestion', { code: tool.code, name: tool.name })}
						confirmLabel={t('tools.deleteConfirm')}
					/>
				) : null}
			</PageHeader>
			{conflict}
			<RecordFacts
				createdBy={tool.created_by_name}
				createdAt={tool.created_at}
				updatedBy={tool.updated_by_name}
				updatedAt={tool.updated_at}
				version={tool.version}
			>
				<dt className="col-sm-3">{t('tools.fields.stationId')}</dt>
				<dd className="col-sm-9">
					{tool.station_id !== null ? (
						<Link to={stationHref(tool.station_id)} className="link-on-page">
							{tool.station_code} · {tool.station_name}
						</Link>
					) : (
						t('tools.noStation')
					)}
				</dd>
			</RecordFacts>
			{allowed.update ? (
				<ToolForm
					action={href}
					values={refusal?.values && Object.keys(refusal.values).length > 0 ? refusal.values : values}
					errors={refusal?.errors ?? {}}
					formError={refusal?.formError ? t(refusal.formError) : null}
					stations={stations}
					categories={categories}
					submitLabel={t('catalog.save')}
					cancelHref={TOOLS_PATH}
				/>
			) : (
				<div className="record-view card card-body mb-3">
					<dl className="row mb-0">
						<dt className="col-sm-3">{t('tools.fields.code')}</dt>
						<dd className="col-sm-9">{tool.code}</dd>
						<dt className="col-sm-3">{t('tools.fields.name')}</dt>
						<dd className="col-sm-9">{tool.name}</dd>
						<dt className="col-sm-3">{t('tools.fields.category')}</dt>
						<dd className="col-sm-9">{labels.categoryLabel(tool.category)}</dd>
						<dt className="col-sm-3">{t('tools.fields.serialNumber')}</dt>
						<dd className="col-sm-9">{tool.serial_number ?? '—'}</dd>
						<dt className="col-sm-3">{t('tools.fields.status')}</dt>
						<dd className="col-sm-9">
							<StatusBadge status={tool.status} label={labels.statusLabel(tool.status)} />
						</dd>
						<dt className="col-sm-3">{t('tools.fields.quantity')}</dt>
						<dd className="col-sm-9">
							{formatNumber(tool.quantity, i18n.language)} {tool.unit}
						</dd>
						<dt className="col-sm-3">{t('tools.fields.purchaseDate')}</dt>
						<dd className="col-sm-9">{tool.purchase_date ? formatCalendarDate(tool.purchase_date, i18n.language) : '—'}</dd>
						<dt className="col-sm-3">{t('tools.fields.value')}</dt>
						<dd className="col-sm-9">{tool.value_minor === null ? '—' : formatMinor(tool.value_minor, MONEY_SCALE, i18n.language)}</dd>
						<dt className="col-sm-3">{t('tools.fields.note')}</dt>
						<dd className="col-sm-9 text-prewrap">{tool.note ?? '—'}</dd>
					</dl>
				</div>
			)}
			<HistoryTable history={history} fieldLabel={labels.fieldLabel} valueLabel={labels.valueLabel} />
		</section>
	)
}
