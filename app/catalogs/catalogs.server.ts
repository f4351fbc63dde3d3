import type { CatalogDefinition, CatalogTypes } from './engine/definition.server'
import { STATION_CATALOG } from './stations/stations.server'
import { TOOL_CATALOG } from './tools/tools.server'

/** A catalog on the engine, whatever its types. */
export type AnyCatalog = CatalogDefinition<CatalogTypes>

/** Every catalog on the engine, in the order the top bar's search shows their matches. */
export const CATALOGS: readonly AnyCatalog[] = [STATION_CATALOG, TOOL_CATALOG]
