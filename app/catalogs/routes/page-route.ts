import type { LinksFunction, MetaFunction } from '@remix-run/node'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

/** The `links` of every catalog page: the catalogs' stylesheet. */
export const catalogPageLinks: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

/** The `meta` of every catalog page: the title its loader answered, in the app's title pattern. */
export const catalogPageMeta: MetaFunction = ({ data, matches }) => pageTitle((data as { title?: string } | undefined)?.title, matches)
