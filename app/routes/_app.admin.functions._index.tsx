import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FUNCTIONS_PATH, functionHref } from '~/admin/functions'
import { functionMoveSchema } from '~/admin/function-form.server'
import { functionTreeEntries, moveFunction } from '~/admin/functions.server'
import { PageHeader } from '~/components/page-header'
import { ErrorSummary } from '~/components/forms'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import type { Actor } from '~/audit/audit.server'
import { formAction, formIntents } from '~/utils/form-action.server'
import { Badge } from '~/components/badge'
import { DataTable } from '~/components/data-table'
import { IntentForm } from '~/components/intent-form'

export const handle = routeHandle({ function: 'QUANTRI_FUNCTIONS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'QUANTRI_FUNCTIONS', 'view')
	const t = await getT(request)
	return {
		title: t('admin.functions.title'),
		entries: await functionTreeEntries(await getLanguage(request)),
		allowed: { create: can(grants, 'QUANTRI_FUNCTIONS', 'create'), update: can(grants, 'QUANTRI_FUNCTIONS', 'update') },
	}
}

/** Moving a function up or down among its siblings: a button each, the function's id its only field. */
export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: (permission) => requirePermission(request, 'QUANTRI_FUNCTIONS', permission),
		intents: { up: move('up'), down: move('down') },
	})
}

/** A function gone since the list was read is the 404 page (`notFound`); a malformed id is told as an unknown intent is. */
function move(direction: 'up' | 'down') {
	return formIntents<{ user: Actor }>()({
		permission: 'update',
		schema: functionMoveSchema,
		onInvalid: { status: 400, formError: 'errors.badRequestBody' },
		run: ({ data }, { user }) => moveFunction(data.id, direction, user),
		refusals: {},
		done: (result) => ({
			redirect: FUNCTIONS_PATH,
			toast: result.moved ? 'admin.functions.moved' : undefined,
			toastValues: { code: result.code },
		}),
	})
}

export default function FunctionsPage() {
	const { t } = useTranslation()
	const { entries, allowed } = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	return (
		<section aria-labelledby="functions-heading">
			<PageHeader title={t('admin.functions.title')} id="functions-heading">
				{allowed.create ? (
					<Link to={`${FUNCTIONS_PATH}/new`} className="btn btn-primary">
						<i className="bx bx-plus" aria-hidden="true" /> {t('admin.functions.new')}
					</Link>
				) : null}
			</PageHeader>
			<ErrorSummary formError={failed?.formError ? t(failed.formError) : null} />
			<DataTable
				rows={entries}
				rowKey={(entry) => entry.id}
				caption={t('admin.functions.caption')}
				captionId="functions-caption"
				className="table table-sm align-middle admin-matrix"
				columns={[
					{
						key: 'label',
						label: t('admin.functions.fields.label'),
						rowHeader: true,
						className: (entry) => `admin-depth-${Math.min(entry.depth, 3)}`,
						cell: (entry) => (
							<>
								{entry.icon ? <i className={`bx ${entry.icon} me-1`} aria-hidden="true" /> : null}
								<Link to={functionHref(entry.id)}>{entry.label}</Link>{' '}
								<span className="text-body-secondary small">{`(${entry.code})`}</span>
								{entry.badgeText ? (
									<Badge className={`rounded-pill text-bg-${entry.badgeVariant ?? 'danger'} ms-1`}>{entry.badgeText}</Badge>
								) : null}
								{entry.description ? <div className="small fw-normal text-body-secondary">{entry.description}</div> : null}
							</>
						),
					},
					{ key: 'path', label: t('admin.functions.fields.path'), cell: (entry) => entry.path ?? '—' },
					{ key: 'sortOrder', label: t('admin.functions.fields.sortOrder'), cell: (entry) => entry.sortOrder },
					{
						key: 'state',
						label: t('admin.functions.state'),
						cell: (entry) => (
							<>
								{entry.enabled ? null : <Badge className="text-bg-secondary me-1">{t('admin.functions.fields.disabled')}</Badge>}
								{entry.isHidden ? <Badge className="text-bg-light me-1">{t('admin.functions.fields.hidden')}</Badge> : null}
								{entry.isTitle ? <Badge className="text-bg-info me-1">{t('admin.functions.fields.title')}</Badge> : null}
							</>
						),
					},
					allowed.update && {
						key: 'order',
						label: t('admin.functions.order'),
						className: 'text-nowrap',
						cell: (entry) => (
							<IntentForm
								action={FUNCTIONS_PATH}
								className="d-inline-flex gap-1"
								field="id"
								value={entry.id}
								buttons={(['up', 'down'] as const).map((direction) => ({
									intent: direction,
									className: 'btn btn-sm btn-outline-secondary',
									disabled: direction === 'up' ? entry.first : entry.last,
									label: t(direction === 'up' ? 'admin.functions.moveUp' : 'admin.functions.moveDown', { code: entry.code }),
									children: <i className={`bx bx-${direction}-arrow-alt`} aria-hidden="true" />,
								}))}
							/>
						),
					},
				]}
			/>
		</section>
	)
}
