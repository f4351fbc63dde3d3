// The tools' pages and their routes' steps, for the generated routes' tables (app/catalogs/folder-parts.ts).
export { TOOL_PAGE_COMPONENTS as pages } from './pages'
export { TOOL_ROUTES as routes } from './routes.server'
