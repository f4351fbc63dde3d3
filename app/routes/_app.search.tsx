import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requireUserWithGrants } from '~/permissions/grants.server'
import { menuHref, visibleItems, type MenuItem } from '~/permissions/menu'
import { menuFor } from '~/permissions/menu.server'
import { searchRecords } from '~/search/records.server'
import { pageTitle } from '~/utils/meta'
import { foldForSearch } from '~/utils/text'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

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

/**
 * Searches what the user may open: the functions of their menu (accent- and case-insensitive) and the
 * records of the catalogs they may view.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const [access, language, t] = await Promise.all([requireUserWithGrants(request), getLanguage(request), getT(request)])
	const raw = (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY_LENGTH)
	const query = foldForSearch(raw)
	const pages = query ? matchingPages(visibleItems(menuFor(access, language)), query) : []
	const records = await searchRecords(access, raw)
	return { title: t('search.title'), query: raw, pages, records }
}

export default function SearchPage() {
	const { t } = useTranslation()
	const { query, pages, records } = useLoaderData<typeof loader>()
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
			) : pages.length === 0 && records.length === 0 ? (
				<p role="status">{t('search.noResults', { query })}</p>
			) : (
				<>
					{pages.length > 0 ? (
						<section aria-labelledby="search-pages" className="mb-4">
							<h2 id="search-pages" className="h5">
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
						</section>
					) : null}
					{records.map(({ catalog, matches, more, listHref }) => (
						<section key={catalog} aria-labelledby={`search-${catalog}`} className="mb-4">
							<h2 id={`search-${catalog}`} className="h5">
								{t('search.records', { catalog: t(`${catalog}.title`), found: more ? `${matches.length}+` : String(matches.length) })}
							</h2>
							<ul className="list-group search-results">
								{matches.map((match) => (
									<li key={match.href} className="list-group-item">
										<Link to={match.href}>
											<span className="font-monospace">{match.code}</span> · {match.name}
										</Link>
									</li>
								))}
							</ul>
							<p className="mt-2">
								<Link to={listHref}>{t('search.allInList', { catalog: t(`${catalog}.title`) })}</Link>
							</p>
						</section>
					))}
				</>
			)}
		</section>
	)
}
