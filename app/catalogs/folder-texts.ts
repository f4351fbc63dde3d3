// Each catalog folder's own texts (its texts.json), one line a folder, named by the catalog's key: per language,
// the part of the locale tree the catalog writes (its title, noun, fields, …, and its function's label and
// description), which app/i18n/messages.ts merges into the language's messages. Read by the server only (the
// browser loads its messages from /assets/i18n). registry.test.ts fails if a folder with a catalog.js is missing here.
export { default as stations } from './stations/texts.json'
export { default as stationTypes } from './station-types/texts.json'
export { default as tools } from './tools/texts.json'
export { default as toolCategories } from './tool-groups/texts.json'
