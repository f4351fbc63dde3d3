import { Form, Link } from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/hooks/use-hydrated'
import { deleteConfirmationHref } from '~/utils/delete-confirmation'
import { CsrfInput } from './forms'
import { PageHeader } from './page-header'

/** Deleting a record of a catalog or a reference list: the control, its confirmation page and the form. */

/** The POST form that deletes a record (with the version the user saw, for records that have one). */
export function DeleteForm({
	action,
	version,
	submitLabel,
	cancel,
	onSubmit,
}: {
	action: string
	version?: number
	submitLabel: string
	cancel: ReactNode
	onSubmit?: () => void
}) {
	return (
		<Form method="post" action={action} className="d-flex flex-wrap gap-2" onSubmit={onSubmit}>
			<CsrfInput />
			<input type="hidden" name="intent" value="delete" />
			{version === undefined ? null : <input type="hidden" name="version" value={version} />}
			<button type="submit" className="btn btn-danger">
				{submitLabel}
			</button>
			{cancel}
		</Form>
	)
}

/**
 * A record's delete confirmation page (`deleteConfirmationHref`, where the delete control leads without
 * JavaScript): the question, the delete form, and a way back; `children` are the refusals to show. Also a
 * user's or a role's (AdminDeleteConfirmation), which have no version.
 */
export function DeleteConfirmation({
	title,
	headingId,
	question,
	action,
	version,
	confirmLabel,
	children,
}: {
	title: string
	headingId: string
	question: string
	action: string
	version?: number
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
				<DeleteForm
					action={action}
					version={version}
					submitLabel={confirmLabel}
					cancel={
						<Link to={action} className="btn btn-outline-secondary">
							{t('catalog.cancel')}
						</Link>
					}
				/>
			</div>
		</section>
	)
}

/**
 * "Delete": without JavaScript a link to the confirmation page (`deleteConfirmationHref`); with it, a button
 * that opens a native dialog holding the same confirmation form.
 */
export function DeleteControl({
	action,
	version,
	label,
	question,
	confirmLabel,
}: {
	action: string
	version: number
	label: string
	question: string
	confirmLabel: string
}) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	const dialog = useRef<HTMLDialogElement>(null)
	if (!hydrated) {
		return (
			<Link to={deleteConfirmationHref(action)} className="btn btn-danger">
				<i className="bx bx-trash" aria-hidden="true" /> {label}
			</Link>
		)
	}
	return (
		<>
			<button type="button" className="btn btn-danger" onClick={() => dialog.current?.showModal()}>
				<i className="bx bx-trash" aria-hidden="true" /> {label}
			</button>
			<dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-dialog-title">
				<h2 id="delete-dialog-title" className="h5">
					{label}
				</h2>
				<p>{question}</p>
				<DeleteForm
					action={action}
					version={version}
					submitLabel={confirmLabel}
					// The answer (a refusal, say) shows in the page, not behind the dialog.
					onSubmit={() => dialog.current?.close()}
					cancel={
						<button type="button" className="btn btn-outline-secondary" onClick={() => dialog.current?.close()}>
							{t('catalog.cancel')}
						</button>
					}
				/>
			</dialog>
		</>
	)
}
