import { referenceListRoutes } from '~/reference-lists/routes.server'
import { STATION_TYPE_LIST } from './station-types'

/** The station types' steps of the generated catalog routes: a reference list's (decision 0027). */
export const STATION_TYPE_ROUTES = referenceListRoutes(STATION_TYPE_LIST)
