import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { profilePageIntents } from '~/users/profile-page-intents.server'
import { requireActiveSession } from '~/auth/session.server'
import { SECURITY_PATH } from '~/account/security'
import { CheckField } from '~/components/choice-fields'
import { FieldList, definedLabels, type FieldDefinition } from '~/components/field-list'
import { CsrfInput, ErrorSummary, SelectField } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { portalTimeZone, selectableTimeZones } from '~/i18n/time-zone.server'
import { LANGUAGES } from '~/i18n/languages'
import { routeHandle } from '~/permissions/access'
import { getUserRoles } from '~/users/users.server'
import { getRoleAssignments } from '~/users/role-assignments.server'
import { provinceName } from '~/catalogs/provinces'
import type { FieldError } from '~/utils/form.server'
import { formAction } from '~/utils/form-action.server'
import { pageTitle } from '~/utils/meta'
import { CardSection } from '~/components/card-section'
import { USER_LIMITS } from '~/admin/users'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireActiveSession(request)
	const [roles, assignments, t] = await Promise.all([getUserRoles(user.id), getRoleAssignments(user.id), getT(request)])
	const provincesOf = (code: string) => assignments.find((assignment) => assignment.code === code)?.provinces ?? null
	return {
		title: t('profile.title'),
		profile: {
			displayName: user.display_name,
			firstName: user.first_name,
			lastName: user.last_name,
			email: user.email,
			preferredLanguage: user.preferred_language ?? '',
			emailNotifications: user.email_notifications === 1,
			timeZone: user.time_zone ?? '',
		},
		// From the server, not the browser's Intl: the options hydrate as they were rendered.
		timeZones: selectableTimeZones(),
		portalZone: portalTimeZone(),
		// Each role with where it is given (decision 0052).
		roles: roles.map((role) => {
			const name = role.is_builtin ? t(`roles.${role.code}`) : role.name
			const provinces = provincesOf(role.code)
			return {
				code: role.code,
				name: provinces === null ? name : t('scope.roleIn', { role: name, provinces: provinces.map(provinceName).join(', ') }),
			}
		}),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: async () => (await requireActiveSession(request)).user,
		intents: profilePageIntents(request),
	})
}

export default function ProfilePage() {
	const { t } = useTranslation()
	const { profile, roles, timeZones, portalZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData?.errors ?? {}
	const kept = actionData?.values ?? {}
	const displayName: FieldDefinition = {
		name: 'displayName',
		label: t('profile.displayName'),
		fallback: profile.displayName,
		maxLength: 200,
		required: true,
		autoComplete: 'name',
	}
	const names: FieldDefinition[] = [
		{
			columns: 'col-md-6',
			name: 'lastName',
			label: t('profile.lastName'),
			fallback: profile.lastName,
			maxLength: USER_LIMITS.lastName,
			autoComplete: 'family-name',
		},
		{
			columns: 'col-md-6',
			name: 'firstName',
			label: t('profile.firstName'),
			fallback: profile.firstName,
			maxLength: USER_LIMITS.firstName,
			autoComplete: 'given-name',
		},
	]
	const fieldLabels = {
		...definedLabels([displayName, ...names]),
		preferredLanguage: t('profile.preferredLanguage'),
		timeZone: t('profile.timeZone'),
	}
	return (
		<div className="page">
			<h1 className="h3">{t('profile.title')}</h1>
			<ErrorSummary errors={actionData?.errors} formError={actionData?.formError ? t(actionData.formError) : null} labels={fieldLabels} />
			<div className="row g-4">
				<ProfileForm id="profile-details" heading={t('profile.details')} intent="profile" noValidate>
					<FieldList fields={[displayName]} values={kept} errors={errors} />
					<div className="row">
						<FieldList fields={names} values={kept} errors={errors} />
					</div>
					<dl className="profile-facts">
						<dt>{t('profile.email')}</dt>
						<dd>{profile.email}</dd>
						<dt>{t('profile.roles')}</dt>
						<dd>{roles.length ? roles.map((role) => role.name).join(', ') : t('profile.noRoles')}</dd>
					</dl>
				</ProfileForm>
				<ProfileForm id="profile-language" heading={t('profile.preferredLanguage')} intent="language">
					<SelectField
						name="preferredLanguage"
						label={t('profile.preferredLanguageHint')}
						emptyOption={t('profile.noPreference')}
						options={LANGUAGES.map((language) => ({
							value: language.code,
							label: `${language.name} (${language.code})`,
							lang: language.tag,
						}))}
						defaultValue={profile.preferredLanguage}
						error={errors.preferredLanguage}
					/>
				</ProfileForm>
				<ProfileForm id="profile-time-zone" heading={t('profile.timeZone')} intent="time-zone">
					<TimeZoneSelect zones={timeZones} portalZone={portalZone} value={kept.timeZone ?? profile.timeZone} error={errors.timeZone} />
				</ProfileForm>
				<ProfileForm id="profile-email" heading={t('profile.emailNotificationsHeading')} intent="email-notifications">
					<CheckField
						className="mb-3"
						id="emailNotifications"
						name="emailNotifications"
						value="yes"
						defaultChecked={profile.emailNotifications}
						label={t('profile.emailNotifications')}
					/>
				</ProfileForm>
				<CardSection id="profile-security" heading={t('security.profile.heading')} className="col-12">
					<p>{t('security.profile.text')}</p>
					<div>
						<Link to={SECURITY_PATH} className="btn btn-outline-primary">
							{t('security.profile.link')}
						</Link>
					</div>
				</CardSection>
			</div>
		</div>
	)
}

/** One of the page's forms, in its own card (half the row on a large screen): its fields, then Save, which posts `intent`. */
function ProfileForm({
	id,
	heading,
	intent,
	noValidate,
	children,
}: {
	id: string
	heading: string
	intent: keyof ReturnType<typeof profilePageIntents>
	noValidate?: boolean
	children: ReactNode
}) {
	const { t } = useTranslation()
	return (
		<CardSection id={id} heading={heading} className="col-lg-6">
			<Form method="post" noValidate={noValidate}>
				<CsrfInput />
				{children}
				<button type="submit" name="intent" value={intent} className="btn btn-primary">
					{t('profile.save')}
				</button>
			</Form>
		</CardSection>
	)
}

/** The zones to choose from, the portal's first (stored as no choice); a value not in the list (sent back with an error, or saved under another Node's list) is shown as it is. */
function TimeZoneSelect({
	zones,
	portalZone,
	value,
	error,
}: {
	zones: readonly string[]
	portalZone: string
	value: string
	error: FieldError | undefined
}) {
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
