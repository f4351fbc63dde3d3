// The tools' registry entry (app/catalogs/registry.js says what each field is).
// Plain ESM: remix.config.js reads it (through app/catalogs/folder-entries.js) to generate the catalog's routes.
export default /** @type {import('~/catalogs/registry.js').CatalogFolderEntry} */ ({
	key: 'tools',
	prefix: 'congcu/list',
	functionCode: 'CONGCU_LIST',
	labels: true,
	menu: { parent: 'CONGCU', sortOrder: 10, icon: 'bx-list-ul' },
})
