import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** What the page of an error answer says, by its status: a 403 of a form whose token expired says so. */
export function errorTexts(status: number, data: unknown): { title: string; body: string } {
	if (status === 404) return { title: 'errors.notFoundTitle', body: 'errors.notFoundBody' }
	if (status === 403) {
		const csrf = (data as { reason?: string } | null)?.reason === 'csrf'
		return csrf ? { title: 'errors.csrfTitle', body: 'errors.csrfBody' } : { title: 'errors.forbiddenTitle', body: 'errors.forbiddenBody' }
	}
	if (status >= 400 && status < 500) return { title: 'errors.badRequestTitle', body: 'errors.badRequestBody' }
	return { title: 'errors.serverErrorTitle', body: 'errors.serverErrorBody' }
}

/** The page shown for 4xx and 5xx answers: a title, an explanation and a way back; never a stack trace. */
export function ErrorPage({ status, title, body }: { status: number; title: string; body: string }) {
	const { t } = useTranslation()
	return (
		<main id="main" className="error-page container">
			<p className="error-page__status" aria-hidden="true">
				{status}
			</p>
			<h1>{title}</h1>
			<p>{body}</p>
			<p className="d-flex gap-3 justify-content-center flex-wrap">
				<Link to="/" className="btn btn-primary">
					{t('errors.goHome')}
				</Link>
			</p>
		</main>
	)
}
