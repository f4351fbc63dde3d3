import { referenceListPages } from '~/components/reference-list'
import { TOOL_CATEGORY_LIST } from './tool-groups'

// The tool categories' pages (a reference list's) and their routes' steps, for the generated routes' tables
// (app/catalogs/folder-parts.ts).
export const pages = referenceListPages(TOOL_CATEGORY_LIST)
export { TOOL_CATEGORY_ROUTES as routes } from './routes.server'
