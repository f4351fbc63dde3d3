import { CATALOGS, defineCatalogRoutes } from './app/catalogs/registry.js'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
	// server.ts is compiled with the app into build/index.js: one bundle, one copy of every module.
	server: './server.ts',
	serverBuildPath: 'build/index.js',
	serverModuleFormat: 'esm',
	serverPlatform: 'node',
	ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
	// The catalogs' pages and downloads come from their registry, not from route files (decision 0070).
	routes: (defineRoutes) => defineRoutes((route) => defineCatalogRoutes(route, Object.values(CATALOGS))),
	future: {
		v3_fetcherPersist: true,
		v3_relativeSplatPath: true,
		v3_throwAbortReason: true,
		v3_singleFetch: true,
		v3_lazyRouteDiscovery: true,
	},
}
