// The station types' registry entry (app/catalogs/registry.js says what each field is).
// Plain ESM: remix.config.js reads it (through app/catalogs/folder-entries.js) to generate the catalog's routes.
export default /** @type {import('~/catalogs/registry.js').CatalogFolderEntry} */ ({
	key: 'stationTypes',
	prefix: 'danhmuc/loaitram',
	functionCode: 'DANHMUC_LOAITRAM',
	labels: false,
	menu: { parent: 'DANHMUC', sortOrder: 20, icon: 'bx-category' },
})
