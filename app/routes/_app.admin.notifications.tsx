import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ComposeForm, type ComposeState } from '~/components/announcement-compose'
import { useRoleName } from '~/components/role-name'
import { StatusBadge } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { DateTime } from '~/components/shell/date-time'
import { getT } from '~/i18n/i18n.server'
import { announcementPageIntents, type AnnouncementPageIntent } from '~/notifications/announcement-page-intents.server'
import { audienceRoles, listAnnouncements } from '~/notifications/announcement-list.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { formAction, type FormAnswer } from '~/utils/form-action.server'
import { pageTitle } from '~/utils/meta'
import { DataTable } from '~/components/data-table'
import { IntentForm } from '~/components/intent-form'

const FUNCTION = 'QUANTRI_NOTIFICATIONS'
const PATH = '/admin/notifications'

export const handle = routeHandle({ function: 'QUANTRI_NOTIFICATIONS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'QUANTRI_NOTIFICATIONS', 'view')
	const before = Number(new URL(request.url).searchParams.get('before')) || undefined
	const [page, roles, t] = await Promise.all([listAnnouncements({ before }), audienceRoles(), getT(request)])
	return {
		title: t('admin.notifications.title'),
		before: before ?? null,
		...page,
		roles,
		allowed: { create: can(grants, FUNCTION, 'create'), withdraw: can(grants, FUNCTION, 'delete') },
	}
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: async (permission) => (await requirePermission(request, 'QUANTRI_NOTIFICATIONS', permission)).user,
		intents: announcementPageIntents(request),
	})
}

/** Compose for everyone, roles or chosen users; what was sent, with how many have read it; withdraw. */
export default function AdminNotificationsPage() {
	const { t } = useTranslation()
	const { items, nextBefore, before, roles, allowed } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as (ComposeState & FormAnswer<AnnouncementPageIntent>) | undefined
	const compose = actionData && actionData.intent !== 'withdraw' ? actionData : null
	return (
		<section aria-labelledby="notifications-admin-heading">
			<PageHeader title={t('admin.notifications.title')} id="notifications-admin-heading" />
			{/* A new key after each send clears what the browser kept of the last one. */}
			{allowed.create ? <ComposeForm key={items[0]?.id ?? 0} roles={roles} state={compose} /> : null}
			<h2 className="h5 mt-4" id="sent-heading">
				{t('admin.notifications.sentHeading')}
			</h2>
			{before ? (
				<p>
					<Link to={PATH}>{t('notifications.newest')}</Link>
				</p>
			) : null}
			{items.length === 0 ? (
				<p className="empty-state">{t('admin.notifications.empty')}</p>
			) : (
				<DataTable
					rows={items}
					rowKey={(item) => item.id}
					caption={t('admin.notifications.sentHeading')}
					labelledBy="sent-heading"
					columns={[
						{
							key: 'title',
							label: t('admin.notifications.fields.title'),
							rowHeader: true,
							className: 'fw-normal',
							cell: (item) => (
								<>
									<strong className="d-block">{item.title}</strong>
									<span className="small text-body-secondary text-break">
										{item.body.length > 140 ? `${item.body.slice(0, 140)}…` : item.body}
									</span>
									{item.email ? (
										<span className="d-block small">
											{item.status === 'scheduled'
												? t('admin.notifications.byEmailToo')
												: t('admin.notifications.mailedTo', { count: item.mailed })}
										</span>
									) : null}
								</>
							),
						},
						{ key: 'audience', label: t('admin.notifications.fields.audience'), cell: (item) => <AudienceSummary item={item} /> },
						{
							key: 'publishAt',
							label: t('admin.notifications.fields.publishAt'),
							className: 'text-nowrap',
							cell: (item) => <DateTime at={item.publishAt} />,
						},
						{
							key: 'expiresAt',
							label: t('admin.notifications.fields.expiresAt'),
							className: 'text-nowrap',
							cell: (item) => (item.expiresAt === null ? t('admin.notifications.noExpiry') : <DateTime at={item.expiresAt} />),
						},
						{
							key: 'status',
							label: t('admin.notifications.fields.status'),
							cell: (item) => (
								<>
									<StatusBadge status={item.status} label={t(`admin.notifications.status.${item.status}`)} />
									{item.status === 'sending' ? (
										<span className="d-block small text-nowrap">
											{t('admin.notifications.progress', { sent: item.recipients, count: item.audienceSize })}
										</span>
									) : null}
								</>
							),
						},
						{
							key: 'readBy',
							label: t('admin.notifications.fields.readBy'),
							className: 'text-nowrap',
							cell: (item) =>
								item.status === 'scheduled' ? '—' : t('admin.notifications.readOf', { read: item.read, count: item.recipients }),
						},
						allowed.withdraw && {
							key: 'actions',
							label: t('admin.notifications.fields.actions'),
							cell: (item) =>
								item.status === 'active' || item.status === 'scheduled' ? (
									<IntentForm
										field="id"
										value={item.id}
										buttons={[
											{
												intent: 'withdraw',
												className: 'btn btn-danger btn-sm',
												label: `${t('admin.notifications.withdraw')}: ${item.title}`,
												children: t('admin.notifications.withdraw'),
											},
										]}
									/>
								) : null,
						},
					]}
				/>
			)}
			{nextBefore ? (
				<Link to={`${PATH}?before=${nextBefore}`} className="btn btn-outline-secondary">
					{t('notifications.loadMore')}
				</Link>
			) : null}
		</section>
	)
}

type ListItem = ReturnType<typeof useLoaderData<typeof loader>>['items'][number]

function AudienceSummary({ item }: { item: ListItem }) {
	const { t } = useTranslation()
	const roleName = useRoleName()
	if (item.audience === 'roles') return <>{t('admin.notifications.toRoles', { roles: item.roles.map(roleName).join(', ') || '—' })}</>
	if (item.audience === 'users') return <>{t('admin.notifications.toUsers', { count: item.chosenUsers })}</>
	return <>{t('admin.notifications.audience.everyone')}</>
}
