import { useTranslation } from 'react-i18next'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { IntentForm } from './intent-form'

export interface SsoIdentityView {
	issuer: string
	subject: string
	lastSignInAt: number
}

/**
 * The account's identity at the company's OpenID provider (the security page, the admin user page), and,
 * given `unlinkAction`, the administrator's form that removes the link (intent `unlinkSso`).
 */
export function SsoIdentity({
	identity,
	unlinkAction = null,
	headingLevel = 2,
}: {
	identity: SsoIdentityView | null
	unlinkAction?: string | null
	headingLevel?: 2 | 3
}) {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<section aria-labelledby="sso-identity-heading" className="mt-4">
			<Heading className={headingLevel === 2 ? 'h5' : 'h6'} id="sso-identity-heading">
				{t('sso.identity.heading')}
			</Heading>
			{identity ? (
				<>
					<dl className="row mb-2">
						<dt className="col-sm-4">{t('sso.identity.issuer')}</dt>
						<dd className="col-sm-8 text-break">{identity.issuer}</dd>
						<dt className="col-sm-4">{t('sso.identity.subject')}</dt>
						<dd className="col-sm-8 text-break">{identity.subject}</dd>
						<dt className="col-sm-4">{t('sso.identity.lastSignIn')}</dt>
						<dd className="col-sm-8">{formatDateTime(identity.lastSignInAt, i18n.language, timeZone)}</dd>
					</dl>
					{unlinkAction ? (
						<IntentForm
							action={unlinkAction}
							hint={t('sso.identity.unlinkHint')}
							buttons={[{ intent: 'unlinkSso', className: 'btn btn-outline-danger', children: t('sso.identity.unlink') }]}
						/>
					) : null}
				</>
			) : (
				<p>{t('sso.identity.none')}</p>
			)}
		</section>
	)
}
