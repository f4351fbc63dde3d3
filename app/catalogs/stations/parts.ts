// The stations' pages and their routes' steps, for the generated routes' tables (app/catalogs/folder-parts.ts).
export { STATION_PAGE_COMPONENTS as pages } from './pages'
export { STATION_ROUTES as routes } from './routes.server'
