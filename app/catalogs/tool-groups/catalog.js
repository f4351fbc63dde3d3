// The tool categories' registry entry (app/catalogs/registry.js says what each field is).
// Plain ESM: remix.config.js reads it (through app/catalogs/folder-entries.js) to generate the catalog's routes.
export default /** @type {import('~/catalogs/registry.js').CatalogFolderEntry} */ ({
	key: 'toolCategories',
	prefix: 'congcu/nhom',
	functionCode: 'CONGCU_NHOM',
	labels: false,
	menu: { parent: 'CONGCU', sortOrder: 20, icon: 'bx-collection' },
})
