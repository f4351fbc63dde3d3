import type { ReactNode } from 'react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from './forms'
import { PageHeader } from './page-header'

/**
 * A user's or role's page as the confirmation of its deletion (`deleteConfirmationHref`, where "Delete" leads
 * without JavaScript): the question, the form that posts `intent=delete`, and a way back. `children` is the refusal to show.
 */
export function AdminDeleteConfirmation({
	title,
	headingId,
	question,
	action,
	confirmLabel,
	children,
}: {
	title: string
	headingId: string
	question: string
	action: string
	confirmLabel: string
	children?: ReactNode
}) {
	const { t } = useTranslation()
	return (
		<section aria-labelledby={headingId}>
			<PageHeader title={title} id={headingId} />
			{children}
			<div className="card card-body">
				<p>{question}</p>
				<Form method="post" action={action} className="d-flex flex-wrap gap-2">
					<CsrfInput />
					<input type="hidden" name="intent" value="delete" />
					<button type="submit" className="btn btn-danger">
						{confirmLabel}
					</button>
					<Link to={action} className="btn btn-outline-secondary">
						{t('catalog.cancel')}
					</Link>
				</Form>
			</div>
		</section>
	)
}
