// The stations' registry entry (app/catalogs/registry.js says what each field is).
// Plain ESM: remix.config.js reads it (through app/catalogs/folder-entries.js) to generate the catalog's routes.
export default /** @type {import('~/catalogs/registry.js').CatalogFolderEntry} */ ({
	key: 'stations',
	prefix: 'danhmuc/tram',
	functionCode: 'DANHMUC_TRAM',
	labels: true,
	menu: { parent: 'DANHMUC', sortOrder: 10, icon: 'bx-broadcast' },
})
