import { Form, Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { MfaIntent } from '~/account/security'
import type { MfaSectionData } from '~/auth/mfa/security-section.server'
import { CsrfInput, ErrorSummary, Field, FormAlert } from '~/components/forms'
import { DateTime } from '~/components/shell/date-time'
import { IntentForm } from '~/components/intent-form'
import type { FieldErrors } from '~/utils/form.server'
import { CardSection } from './card-section'

/**
 * A form of the section: its intent, and a code field (a current code unless `label` and `hint` say otherwise),
 * with the errors of `answer` when it answers this intent.
 */
function CodeForm({
	intent,
	answer,
	submit,
	label,
	hint,
	withPassword = false,
	danger = false,
}: {
	intent: MfaIntent
	answer: MfaAnswer | null | undefined
	submit: string
	label?: string
	hint?: string
	withPassword?: boolean
	danger?: boolean
}) {
	const { t } = useTranslation()
	const errors = answer?.intent === intent ? answer.errors : undefined
	return (
		<Form method="post" noValidate className="mfa-form">
			<CsrfInput />
			<input type="hidden" name="intent" value={intent} />
			{withPassword ? (
				<Field
					id={`mfa-${intent}-password`}
					name="password"
					type="password"
					label={t('mfa.setup.password')}
					autoComplete="current-password"
					required
					error={errors?.password}
				/>
			) : null}
			<Field
				id={`mfa-${intent}-code`}
				name="code"
				label={label ?? t('mfa.currentCode')}
				hint={hint ?? t('mfa.codeHint')}
				autoComplete="one-time-code"
				autoCapitalize="none"
				spellCheck={false}
				required
				maxLength={64}
				error={errors?.code}
			/>
			<button type="submit" className={`btn ${danger ? 'btn-outline-danger' : 'btn-primary'}`}>
				{submit}
			</button>
		</Form>
	)
}

/**
 * New recovery codes, shown only this once: the answer page starts with them, right under its heading, and
 * the focus is put on them (without JavaScript by `autofocus`), so that after setting up the second factor
 * the page is not left scrolled down to the form, with the codes above the screen.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
	const { t } = useTranslation()
	const region = useRef<HTMLElement>(null)
	useEffect(() => region.current?.focus(), [codes])
	return (
		<section
			ref={region}
			className="recovery-codes border border-success rounded p-3 mb-4"
			aria-labelledby="recovery-codes-heading"
			tabIndex={-1}
			autoFocus
		>
			<h2 id="recovery-codes-heading" className="h5">
				{t('mfa.recovery.heading')}
			</h2>
			<p>{t('mfa.recovery.explanation')}</p>
			<ul className="mfa-recovery-codes list-unstyled mb-3" aria-label={t('mfa.recovery.listLabel')}>
				{codes.map((code) => (
					<li key={code} className="font-monospace fs-5">
						{code}
					</li>
				))}
			</ul>
			<Link to="/account/security" className="btn btn-outline-secondary">
				{t('mfa.recovery.done')}
			</Link>
		</section>
	)
}

/** The answer to one of the section's forms: its errors, or the new recovery codes (shown once, by the page). */
export interface MfaAnswer {
	intent: MfaIntent
	errors: FieldErrors
	formError: string | null
	formErrorValues?: Record<string, string | number>
	recoveryCodes?: string[]
}

/** The second factor on the security page: set it up, new recovery codes, turn it off. */
export function MfaSection({ section, answer }: { section: MfaSectionData; answer?: MfaAnswer | null }) {
	const { t } = useTranslation()
	return (
		<CardSection id="mfa-heading" heading={t('mfa.title')} className="mb-4">
			<p className="text-body-secondary">{t('mfa.intro')}</p>
			<ErrorSummary errors={answer?.errors} formError={answer?.formError ? t(answer.formError, answer.formErrorValues) : null} />
			{section.required && section.status !== 'active' ? <FormAlert tone="info" message={t('mfa.requiredNotice')} /> : null}
			{section.status === 'none' ? (
				<IntentForm buttons={[{ intent: 'startMfa', className: 'btn btn-primary', children: t('mfa.setup.start') }]} />
			) : null}
			{section.status === 'pending' ? (
				<ol className="mfa-steps">
					<li>
						<p>{t('mfa.setup.scan')}</p>
						<div className="mfa-qr" role="img" aria-label={t('mfa.setup.qrLabel')} dangerouslySetInnerHTML={{ __html: section.qrSvg }} />
					</li>
					<li>
						<p className="mb-1">{t('mfa.setup.typeKey')}</p>
						{/* Text, not a field: read aloud, copied, and shown by a text browser as it is. */}
						<dl className="mb-3">
							<dt id="mfa-key-label">{t('mfa.setup.keyLabel')}</dt>
							<dd id="mfa-key" aria-labelledby="mfa-key-label" className="font-monospace fs-5 text-break">
								{section.key}
							</dd>
						</dl>
					</li>
					<li>
						<CodeForm
							intent="confirmMfa"
							answer={answer}
							submit={t('mfa.setup.confirm')}
							label={t('mfa.setup.code')}
							hint={t('mfa.setup.codeHint')}
							withPassword
						/>
						<IntentForm
							className="mt-2"
							buttons={[{ intent: 'startMfa', className: 'btn btn-link px-0', children: t('mfa.setup.newKey') }]}
						/>
					</li>
				</ol>
			) : null}
			{section.status === 'active' ? (
				<>
					<p>
						{t('mfa.active')} <DateTime at={section.confirmedAt} />
					</p>
					<p>{t('mfa.recovery.left', { count: section.recoveryCodesLeft })}</p>
					<h3 className="h6">{t('mfa.recovery.newHeading')}</h3>
					<CodeForm intent="regenerateRecoveryCodes" answer={answer} submit={t('mfa.recovery.regenerate')} />
					<h3 className="h6 mt-4">{t('mfa.disable.heading')}</h3>
					{section.required ? (
						<p>{t('mfa.disable.required')}</p>
					) : (
						<CodeForm intent="disableMfa" answer={answer} submit={t('mfa.disable.submit')} danger />
					)}
				</>
			) : null}
		</CardSection>
	)
}
