import stations from './stations/texts.json'
import stationTypes from './station-types/texts.json'
import tools from './tools/texts.json'
import toolGroups from './tool-groups/texts.json'

/**
 * Each catalog's own texts, from its folder's texts.json: per language, the part of the locale tree the catalog
 * writes (its title, noun, fields, …, and its function's label and description), merged into the language's
 * messages by app/i18n/messages.ts. A catalog's folder adds its file here.
 */
export const FOLDER_TEXTS = [stations, stationTypes, tools, toolGroups] as const
