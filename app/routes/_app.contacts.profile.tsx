import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { profileActionSchema } from '~/users/forms.server'
import { recordAudit } from '~/audit/audit.server'
import { listSessions, requireActiveSession } from '~/auth/session.server'
import { revokeAccess } from '~/auth/revoke.server'
import { CsrfInput, ErrorSummary, Field, SelectField } from '~/components/forms'
import { DateTime } from '~/components/shell/date-time'
import { getT } from '~/i18n/i18n.server'
import { portalTimeZone, selectableTimeZones } from '~/i18n/time-zone.server'
import { languageCookie } from '~/i18n/language.server'
import { LANGUAGES } from '~/i18n/languages'
import { notify } from '~/notifications/notifications.server'
import { routeHandle } from '~/permissions/access'
import { updateProfile, getUserRoles } from '~/users/users.server'
import { invalid, parseForm, type FieldError } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'
import { Badge } from '~/components/badge'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, session } = await requireActiveSession(request)
	const [roles, sessions, t] = await Promise.all([getUserRoles(user.id), listSessions(user.id), getT(request)])
	return {
		title: t('profile.title'),
		profile: { displayName: user.display_name, email: user.email, preferredLanguage: user.preferred_language ?? '', emailNotifications: user.email_notifications === 1, timeZone: user.time_zone ?? '' },
		// From the server, not the browser's Intl: the options hydrate as they were rendered.
		timeZones: selectableTimeZones(),
		portalZone: portalTimeZone(),
		roles: roles.map((role) => ({ code: role.code, name: role.is_builtin ? t(`roles.${role.code}`) : role.name })),
		sessions: sessions.map((s) => ({
			id: s.id_hash.slice(0, 12),
			current: s.id_hash === session.id_hash,
			createdAt: s.created_at,
			lastSeenAt: s.last_seen_at,
			ip: s.ip,
			userAgent: s.user_agent,
		})),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, token } = await requireActiveSession(request)
	const form = await parseForm(request, profileActionSchema)
	if (!form.ok) return invalid(form)
	const ip = getClientIp()
	const headers = new Headers()
	switch (form.data.intent) {
		case 'profile': {
			await updateProfile(user.id, { displayName: form.data.displayName })
			await recordAudit({ action: 'user.profile_updated', actor: user, entity: 'user', entityId: user.id, ip, details: { displayName: { before: user.display_name, after: form.data.displayName } } })
			await flashSuccess(request, 'profile.saved')
			break
		}
		case 'language': {
			const language = form.data.preferredLanguage || null
			await updateProfile(user.id, { preferredLanguage: language })
			if (language) headers.append('Set-Cookie', languageCookie(language, request))
			await flashSuccess(request, 'profile.saved')
			break
		}
		case 'time-zone': {
			await updateProfile(user.id, { timeZone: form.data.timeZone || null })
			await flashSuccess(request, 'profile.saved')
			break
		}
		case 'email-notifications': {
			await updateProfile(user.id, { emailNotifications: form.data.emailNotifications })
			await recordAudit({ action: 'user.profile_updated', actor: user, entity: 'user', entityId: user.id, ip, details: { emailNotifications: { before: user.email_notifications === 1, after: form.data.emailNotifications } } })
			await flashSuccess(request, 'profile.saved')
			break
		}
		case 'sign-out-others': {
			const ended = await revokeAccess(user.id, { keepSessionToken: token })
			await recordAudit({ action: 'auth.sessions_revoked', actor: user, entity: 'user', entityId: user.id, ip, details: { ended } })
			if (ended > 0) await notify(user.id, { type: 'sessions_ended', titleKey: 'notifications.sessionsEnded.title', bodyKey: 'notifications.sessionsEnded.body', params: { count: ended }, link: '/contacts/profile' })
			await flashSuccess(request, 'profile.otherSessionsEnded', { count: ended })
			break
		}
	}
	return redirect('/contacts/profile', { headers })
}

export default function ProfilePage() {
	const { t } = useTranslation()
	const { profile, roles, sessions, timeZones, portalZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData?.errors ?? {}
	const fieldLabels = { displayName: t('profile.displayName'), preferredLanguage: t('profile.preferredLanguage'), timeZone: t('profile.timeZone') }
	return (
		<div className="page">
			<h1 className="h3">{t('profile.title')}</h1>
			<ErrorSummary errors={actionData?.errors} labels={fieldLabels} />
			<div className="row g-4">
				<section className="col-lg-6" aria-labelledby="profile-details">
					<div className="card card-body">
						<h2 id="profile-details" className="h5">
							{t('profile.details')}
						</h2>
						<Form method="post" noValidate>
							<CsrfInput />
							<Field
								name="displayName"
								label={t('profile.displayName')}
								defaultValue={actionData?.values?.displayName ?? profile.displayName}
								error={errors.displayName}
								maxLength={200}
								required
								autoComplete="name"
							/>
							<dl className="profile-facts">
								<dt>{t('profile.email')}</dt>
								<dd>{profile.email}</dd>
								<dt>{t('profile.roles')}</dt>
								<dd>{roles.length ? roles.map((role) => role.name).join(', ') : t('profile.noRoles')}</dd>
							</dl>
							<button type="submit" name="intent" value="profile" className="btn btn-primary">
								{t('profile.save')}
							</button>
						</Form>
					</div>
				</section>
				<section className="col-lg-6" aria-labelledby="profile-language">
					<div className="card card-body">
						<h2 id="profile-language" className="h5">
							{t('profile.preferredLanguage')}
						</h2>
						<Form method="post">
							<CsrfInput />
							<SelectField
								name="preferredLanguage"
								label={t('profile.preferredLanguageHint')}
								emptyOption={t('profile.noPreference')}
								options={LANGUAGES.map((language) => ({ value: language.code, label: `${language.name} (${language.code})`, lang: language.tag }))}
								defaultValue={profile.preferredLanguage}
								error={errors.preferredLanguage}
							/>
							<button type="submit" name="intent" value="language" className="btn btn-primary">
								{t('profile.save')}
							</button>
						</Form>
					</div>
				</section>
				<section className="col-lg-6" aria-labelledby="profile-time-zone">
					<div className="card card-body">
						<h2 id="profile-time-zone" className="h5">
							{t('profile.timeZone')}
						</h2>
						<Form method="post">
							<CsrfInput />
							<TimeZoneSelect zones={timeZones} portalZone={portalZone} value={actionData?.values?.timeZone ?? profile.timeZone} error={errors.timeZone} />
							<button type="submit" name="intent" value="time-zone" className="btn btn-primary">
								{t('profile.save')}
							</button>
						</Form>
					</div>
				</section>
				<section className="col-lg-6" aria-labelledby="profile-email">
					<div className="card card-body">
						<h2 id="profile-email" className="h5">
							{t('profile.emailNotificationsHeading')}
						</h2>
						<Form method="post">
							<CsrfInput />
							<div className="form-check mb-3">
								<input className="form-check-input" type="checkbox" id="emailNotifications" name="emailNotifications" value="yes" defaultChecked={profile.emailNotifications} />
								<label className="form-check-label" htmlFor="emailNotifications">
									{t('profile.emailNotifications')}
								</label>
							</div>
							<button type="submit" name="intent" value="email-notifications" className="btn btn-primary">
								{t('profile.save')}
							</button>
						</Form>
					</div>
				</section>
				<section className="col-12" aria-labelledby="profile-sessions">
					<div className="card card-body">
						<h2 id="profile-sessions" className="h5">
							{t('profile.sessions')}
						</h2>
						<div role="group" tabIndex={0} aria-labelledby="sessions-caption" className="table-responsive">
							<table className="table align-middle">
								<caption id="sessions-caption" className="visually-hidden">{t('profile.sessions')}</caption>
								<thead>
									<tr>
										<th scope="col">{t('profile.device')}</th>
										<th scope="col">{t('profile.address')}</th>
										<th scope="col">{t('profile.signedInAt')}</th>
										<th scope="col">{t('profile.lastActive')}</th>
									</tr>
								</thead>
								<tbody>
									{sessions.map((session) => (
										<tr key={session.id}>
											<td>
												<span className="session-agent">{session.userAgent ?? t('profile.unknownDevice')}</span>
												{session.current ? <Badge className="text-bg-success ms-2">{t('profile.thisSession')}</Badge> : null}
											</td>
											<td>{session.ip ?? '—'}</td>
											<td>
												<DateTime at={session.createdAt} />
											</td>
											<td>
												<DateTime at={session.lastSeenAt} />
											</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
						<Form method="post">
							<CsrfInput />
							<button type="submit" name="intent" value="sign-out-others" className="btn btn-outline-danger" disabled={sessions.length < 2}>
								{t('profile.signOutOthers')}
							</button>
						</Form>
					</div>
				</section>
			</div>
		</div>
	)
}

/** The zones to choose from, the portal's first (stored as no choice); a value not in the list (sent back with an error, or saved under another Node's list) is shown as it is. */
function TimeZoneSelect({ zones, portalZone, value, error }: { zones: readonly string[]; portalZone: string; value: string; error: FieldError | undefined }) {
	const { t } = useTranslation()
	const options = zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))
	if (value !== '' && !zones.includes(value)) options.unshift({ value, label: value })
	return (
		<SelectField
			name="timeZone"
			label={t('profile.timeZone')}
			hint={t('profile.timeZoneHint')}
			emptyOption={t('profile.portalTimeZone', { zone: portalZone })}
			options={options}
			defaultValue={value}
			error={error}
		/>
	)
}
