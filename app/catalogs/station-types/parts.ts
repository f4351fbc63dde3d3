import { referenceListPages } from '~/components/reference-list'
import { STATION_TYPE_LIST } from './station-types'

// The station types' pages (a reference list's) and their routes' steps, for the generated routes' tables
// (app/catalogs/folder-parts.ts).
export const pages = referenceListPages(STATION_TYPE_LIST)
export { STATION_TYPE_ROUTES as routes } from './routes.server'
