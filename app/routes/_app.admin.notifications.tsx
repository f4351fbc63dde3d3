import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ComposeForm, type ComposeState } from '~/components/announcement-compose'
import { postedIntent } from '~/utils/intent.server'
import { useRoleName } from '~/components/role-name'
import { StatusBadge } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { CsrfInput } from '~/components/forms'
import { DateTime } from '~/components/shell/date-time'
import { readerTimeZone } from '~/i18n/time-zone.server'
import { getT } from '~/i18n/i18n.server'
import { announcementSchema, createAnnouncement, postedIds, withdrawAnnouncement } from '~/notifications/announcements.server'
import { audienceRoles, audienceUsersById, findAudienceUsers, listAnnouncements } from '~/notifications/announcement-list.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { flashSuccess } from '~/utils/flash.server'
import { parseForm, type FieldErrors, noteFormFailed } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'
import { publicOrigin } from '~/utils/public-url.server'
import { TableScroller } from '~/components/list'
import { notFound } from '~/utils/responses.server'

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
	const intent = await postedIntent(request, ['send', 'find-users', 'withdraw'] as const)
	const { user } = await requirePermission(request, 'QUANTRI_NOTIFICATIONS', intent === 'withdraw' ? 'delete' : 'create')
	if (!intent) throw data({ reason: 'badRequest' as const }, { status: 400 })
	const form = await parseForm(request, announcementSchema(readerTimeZone(user)))
	const ip = getClientIp()

	if (intent === 'withdraw') {
		const id = Number(form.formData.get('id'))
		const result = Number.isInteger(id) && id > 0 ? await withdrawAnnouncement(id, { actor: user, ip }) : 'notFound'
		if (result === 'notFound') throw notFound()
		await flashSuccess(request, result === 'withdrawn' ? 'admin.notifications.withdrawn' : 'admin.notifications.alreadyWithdrawn')
		return redirect(PATH)
	}

	const postedRoles = postedIds(form.formData, 'roles')
	const postedUsers = postedIds(form.formData, 'users')
	const roleIds = postedRoles ?? []
	const userIds = postedUsers ?? []
	const errors: FieldErrors = form.ok ? {} : { ...form.errors }
	if (postedRoles === null) errors.roles = { key: 'admin.notifications.errors.unknownChoice' }
	if (postedUsers === null) errors.users = { key: 'admin.notifications.errors.unknownChoice' }
	const state: ComposeState = {
		ok: false,
		errors,
		values: form.values,
		formError: null,
		chosenRoles: roleIds,
		chosenUsers: await audienceUsersById(userIds),
		matches: null,
	}

	if (intent === 'find-users') {
		const query = String(form.formData.get('userQuery') ?? '')
		const found = await findAudienceUsers(query)
		state.values.userQuery = query.slice(0, 100)
		state.matches = found.filter((match) => !userIds.includes(match.id))
		// Not a failure: the form comes back with the search done and nothing lost.
		return data({ ...state, errors: {} }, { status: 200 })
	}

	if (!form.ok || Object.keys(errors).length > 0) {
		noteFormFailed()
		return data(state, { status: 400 })
	}
	const result = await createAnnouncement(
		{ ...form.data, body: form.data.body!, roleIds, userIds },
		{ actor: user, siteUrl: publicOrigin(request) ?? '', ip },
	)
	if (!result.ok) {
		noteFormFailed()
		return data({ ...state, errors: result.errors }, { status: 400 })
	}
	await flashSuccess(request, result.scheduled ? 'admin.notifications.scheduled' : 'admin.notifications.queued')
	return redirect(PATH)
}

/** Compose for everyone, roles or chosen users; what was sent, with how many have read it; withdraw. */
export default function AdminNotificationsPage() {
	const { t } = useTranslation()
	const { items, nextBefore, before, roles, allowed } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const compose = actionData && 'chosenRoles' in actionData ? (actionData as ComposeState) : null
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
