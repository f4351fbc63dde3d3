// The gauges' pages and their routes' steps, for the generated routes' tables (app/catalogs/folder-parts.ts).
export { GAUGE_PAGE_COMPONENTS as pages } from './pages'
export { GAUGE_ROUTES as routes } from './routes.server'
