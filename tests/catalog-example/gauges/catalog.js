// The gauges' registry entry (app/catalogs/registry.js says what each field is).
// Plain ESM: remix.config.js reads it (through app/catalogs/folder-entries.js) to generate the catalog's routes.
export default /** @type {import('~/catalogs/registry.js').CatalogFolderEntry} */ ({
	key: 'gauges',
	prefix: 'danhmuc/dongho',
	functionCode: 'DANHMUC_DONGHO',
	labels: false,
	menu: { parent: 'DANHMUC', sortOrder: 30, icon: 'bx-tachometer' },
})
