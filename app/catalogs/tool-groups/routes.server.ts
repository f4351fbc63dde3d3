import { referenceListRoutes } from '~/reference-lists/routes.server'
import { TOOL_CATEGORY_LIST } from './tool-groups'

/** The tool categories' steps of the generated catalog routes: a reference list's (decision 0027). */
export const TOOL_CATEGORY_ROUTES = referenceListRoutes(TOOL_CATEGORY_LIST)
