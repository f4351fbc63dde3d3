import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

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
