import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notificationsPageIntents } from '~/notifications/notifications-page-intents.server'
import { requireUser } from '~/auth/session.server'
import { CsrfInput } from '~/components/forms'
import { NotificationText } from '~/components/shell/notifications-menu'
import { getT } from '~/i18n/i18n.server'
import { PAGE_SIZE, listNotifications, type NotificationView } from '~/notifications/notifications.server'
import { routeHandle } from '~/permissions/access'
import { formAction } from '~/utils/form-action.server'
import { pageTitle } from '~/utils/meta'
import { Badge } from '~/components/badge'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const before = Number(new URL(request.url).searchParams.get('before')) || undefined
	const page = await listNotifications(user.id, { before, limit: PAGE_SIZE })
	return {
		title: (await getT(request))('notifications.title'),
		before: before ?? null,
		items: page.items,
		nextBefore: page.hasMore ? (page.items.at(-1)?.id ?? null) : null,
	}
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, { permit: () => requireUser(request), intents: notificationsPageIntents() })
}

/** All notifications, newest first; "load more" is a link without JavaScript and appends with it. */
export default function NotificationsPage() {
	const { t } = useTranslation()
	const data = useLoaderData<typeof loader>()
	const location = useLocation()
	const more = useFetcher<typeof loader>()
	const [items, setItems] = useState<NotificationView[]>(data.items)
	const [nextBefore, setNextBefore] = useState(data.nextBefore)

	useEffect(() => {
		setItems(data.items)
		setNextBefore(data.nextBefore)
	}, [data])

	useEffect(() => {
		if (more.state !== 'idle' || !more.data) return
		const loaded = more.data
		setItems((current) => [...current, ...loaded.items.filter((item) => !current.some((c) => c.id === item.id))])
		setNextBefore(loaded.nextBefore)
	}, [more.state, more.data])

	const here = `${location.pathname}${location.search}`
	return (
		<section aria-labelledby="notifications-heading" className="page">
			<div className="page__header">
				<h1 id="notifications-heading" className="h3">
					{t('notifications.title')}
				</h1>
				{items.some((item) => !item.read) ? (
					<Form method="post">
						<CsrfInput />
						<input type="hidden" name="redirectTo" value={here} />
						<button type="submit" name="intent" value="mark-all-read" className="btn btn-outline-primary btn-sm">
							{t('notifications.markAllRead')}
						</button>
					</Form>
				) : null}
			</div>
			{data.before ? (
				<p>
					<Link to="/notifications">{t('notifications.newest')}</Link>
				</p>
			) : null}
			{items.length === 0 ? (
				<p className="empty-state">{t('notifications.empty')}</p>
			) : (
				<ul className="notifications-page list-unstyled">
					{items.map((item) => (
						<li key={item.id} className={`card card-body mb-2${item.read ? '' : ' unread'}`}>
							<div className="d-flex gap-3 justify-content-between align-items-start">
								<div className="d-flex flex-column">
									<NotificationText notification={item} />
									{item.link ? (
										<Link to={item.link} className="small">
											{t('notifications.open')}
										</Link>
									) : null}
								</div>
								{item.read ? (
									<Badge className="text-bg-light">{t('notifications.read')}</Badge>
								) : (
									<Form method="post">
										<CsrfInput />
										<input type="hidden" name="id" value={item.id} />
										<input type="hidden" name="redirectTo" value={here} />
										<button type="submit" name="intent" value="mark-read" className="btn btn-link btn-sm">
											{t('notifications.markRead')}
										</button>
									</Form>
								)}
							</div>
						</li>
					))}
				</ul>
			)}
			{nextBefore ? (
				<Link
					to={`/notifications?before=${nextBefore}`}
					className="btn btn-outline-secondary"
					onClick={(event) => {
						event.preventDefault()
						more.load(`/notifications?before=${nextBefore}`)
					}}
				>
					{more.state === 'loading' ? t('app.loading') : t('notifications.loadMore')}
				</Link>
			) : null}
		</section>
	)
}
