import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requireUserWithGrants } from '~/permissions/grants.server'
import { menuHref, visibleItems, type MenuItem } from '~/permissions/menu'
import { menuFor } from '~/permissions/menu.server'
import { pageTitle } from '~/utils/meta'
import { foldForSearch } from '~/utils/text'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.title)

const MAX_QUERY_LENGTH = 200

function matchingPages(items: MenuItem[], query: string, trail: string[] = []): Array<{ label: string; trail: string[]; href: string }> {
	return items.flatMap((item) => {
		if (item.isTitle) return []
		const href = menuHref(item)
		const own =
			href && item.children.length === 0 && (foldForSearch(item.label).includes(query) || item.code.toLowerCase().includes(query))
				? [{ label: item.label, trail, href }]
				: []
		return [...own, ...matchingPages(item.children, query, [...trail, item.label])]
	})
}

/** Searches what the user may open: the functions of their menu (accent- and case-insensitive). */
export async function loader({ request }: LoaderFunctionArgs) {
	const [access, language, t] = await Promise.all([requireUserWithGrants(request), getLanguage(request), getT(request)])
	const raw = (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY_LENGTH)
	const query = foldForSearch(raw)
	const pages = query ? matchingPages(visibleItems(menuFor(access, language)), query) : []
	return { title: t('search.title'), query: raw, pages }
}

export default function SearchPage() {
	const { t } = useTranslation()
	const { query, pages } = useLoaderData<typeof loader>()
	return (
		<section className="page" aria-labelledby="search-heading">
			<h1 id="search-heading" className="h3">
				{t('search.title')}
			</h1>
			<form method="get" action="/search" className="d-flex gap-2 mb-4 search-page__form">
				<label htmlFor="search-page-q" className="visually-hidden">
					{t('search.label')}
				</label>
				<input id="search-page-q" type="search" name="q" defaultValue={query} className="form-control" maxLength={MAX_QUERY_LENGTH} />
				<button type="submit" className="btn btn-primary">
					{t('search.submit')}
				</button>
			</form>
			{!query.trim() ? (
				<p>{t('search.prompt')}</p>
			) : pages.length === 0 ? (
				<p role="status">{t('search.noResults', { query })}</p>
			) : (
				<>
					<h2 className="h5">
						{t('search.pages', { count: pages.length })}
					</h2>
					<ul className="list-group search-results">
						{pages.map((page) => (
							<li key={page.href} className="list-group-item">
								<Link to={page.href}>{page.label}</Link>
								{page.trail.length ? <span className="text-body-secondary small ms-2">{page.trail.join(' › ')}</span> : null}
							</li>
						))}
					</ul>
				</>
			)}
		</section>
	)
}
