// Each catalog folder's pages and routes' steps (its parts.ts), one line a folder, named by the catalog's key: the
// tables of app/catalogs/routes/pages.tsx and catalog-routes.server.ts. Apart from the entries (folder-entries.js)
// and the texts (folder-texts.ts), which modules of every kind read as they load, and which must therefore not
// import the pages and steps. registry.test.ts fails if a folder with a catalog.js is missing here.
export * as stations from './stations/parts'
export * as stationTypes from './station-types/parts'
export * as tools from './tools/parts'
export * as toolCategories from './tool-groups/parts'
