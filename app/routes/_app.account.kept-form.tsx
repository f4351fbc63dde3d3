import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { clearKeptFormCookie, takeKeptForm } from '~/auth/kept-form.server'
import { requireUser } from '~/auth/session.server'
import { CsrfInput } from '~/components/forms'
import { DateTime } from '~/components/shell/date-time'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/**
 * After signing in again: the form this browser posted when the session had ended, shown and ready to be
 * sent again as it was (to the page it was for, which checks it as usual). Offered once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { form: kept, keepCookie } = await takeKeptForm(request, user.id)
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	if (!keepCookie) headers.set('Set-Cookie', await clearKeptFormCookie())
	if (!kept) throw redirect('/', { headers })
	return data({ title: (await getT(request))('keptForm.title'), kept }, { headers })
}

export default function KeptFormPage() {
	const { t } = useTranslation()
	const { kept } = useLoaderData<typeof loader>()
	const shown = kept.fields.filter(([name]) => name !== 'intent' && name !== 'redirectTo')
	return (
		<section className="page" aria-labelledby="kept-heading">
			<h1 id="kept-heading" className="h3">
				{t('keptForm.title')}
			</h1>
			<p>
				{t('keptForm.explanation', { path: kept.path })} <DateTime at={kept.createdAt} />
			</p>
			<div className="card card-body mb-3">
				<dl className="mb-0 kept-form">
					{shown.map(([name, value], index) => (
						<div key={`${name}-${index}`} className="mb-2">
							<dt className="small text-body-secondary">{name}</dt>
							<dd className="mb-0 text-break">{value === '' ? t('admin.audit.empty') : value}</dd>
						</div>
					))}
				</dl>
			</div>
			{/* A plain form: it goes to the page it was for, whatever route that is, as the browser first sent it. */}
			<form method="post" action={kept.path} className="d-flex flex-wrap gap-2">
				<CsrfInput />
				{kept.fields.map(([name, value], index) => (
					<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
				))}
				<button type="submit" className="btn btn-primary">
					{t('keptForm.send')}
				</button>
				<Link to={kept.path.split('?')[0]!} className="btn btn-outline-secondary">
					{t('keptForm.discard')}
				</Link>
			</form>
		</section>
	)
}
