import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ComposeForm, type ComposeState } from '~/components/announcement-compose'
import { useRoleName } from '~/components/role-name'
import { StatusBadge } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { CsrfInput } from '~/components/forms'
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
import { TableScroller } from '~/components/list'

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
				<TableScroller labelledBy="sent-heading">
					<table className="table align-middle">
						<caption className="visually-hidden">{t('admin.notifications.sentHeading')}</caption>
						<thead>
							<tr>
								<th scope="col">{t('admin.notifications.fields.title')}</th>
								<th scope="col">{t('admin.notifications.fields.audience')}</th>
								<th scope="col">{t('admin.notifications.fields.publishAt')}</th>
								<th scope="col">{t('admin.notifications.fields.expiresAt')}</th>
								<th scope="col">{t('admin.notifications.fields.status')}</th>
								<th scope="col">{t('admin.notifications.fields.readBy')}</th>
								{allowed.withdraw ? <th scope="col">{t('admin.notifications.fields.actions')}</th> : null}
							</tr>
						</thead>
						<tbody>
							{items.map((item) => (
								<tr key={item.id}>
									<th scope="row" className="fw-normal">
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
									</th>
									<td>
										<AudienceSummary item={item} />
									</td>
									<td className="text-nowrap">
										<DateTime at={item.publishAt} />
									</td>
									<td className="text-nowrap">
										{item.expiresAt === null ? t('admin.notifications.noExpiry') : <DateTime at={item.expiresAt} />}
									</td>
									<td>
										<StatusBadge status={item.status} label={t(`admin.notifications.status.${item.status}`)} />
										{item.status === 'sending' ? (
											<span className="d-block small text-nowrap">
												{t('admin.notifications.progress', { sent: item.recipients, count: item.audienceSize })}
											</span>
										) : null}
									</td>
									<td className="text-nowrap">
										{item.status === 'scheduled' ? '—' : t('admin.notifications.readOf', { read: item.read, count: item.recipients })}
									</td>
									{allowed.withdraw ? (
										<td>
											{item.status === 'active' || item.status === 'scheduled' ? (
												<Form method="post">
													<CsrfInput />
													<input type="hidden" name="id" value={item.id} />
													<button
														type="submit"
														name="intent"
														value="withdraw"
														className="btn btn-danger btn-sm"
														aria-label={`${t('admin.notifications.withdraw')}: ${item.title}`}
													>
														{t('admin.notifications.withdraw')}
													</button>
												</Form>
											) : null}
										</td>
									) : null}
								</tr>
							))}
						</tbody>
					</table>
				</TableScroller>
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
