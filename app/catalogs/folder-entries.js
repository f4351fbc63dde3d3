// Each catalog folder's entry (its catalog.js), one line a folder, named by the catalog's key; the order does not
// matter (the registry puts the catalogs in the menu's). Plain ESM, as registry.js, which reads it: remix.config.js
// reads both at build time. registry.test.ts fails if a folder with a catalog.js is missing here.
export { default as stations } from './stations/catalog.js'
export { default as stationTypes } from './station-types/catalog.js'
export { default as tools } from './tools/catalog.js'
export { default as toolCategories } from './tool-groups/catalog.js'
