// Changes to installed packages, applied after every `npm install` and `npm ci` (package.json
// "postinstall"); docs/decisions/0032-route-matching-patch.md says why each exists and when it goes.
// Each patch replaces exact texts of one file. A patch whose texts are not all found (another version of
// the package) is not applied, with a warning: the portal runs unpatched, only slower (or, for decision 80's
// pair, painting later), and tests/unit/patch-dependencies.test.ts fails so that CI notices. How a patch is
// applied is scripts/dependency-patching.mjs.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { applyPatches, PATCH_MARKER } from './dependency-patching.mjs'

export { PATCH_MARKER, patchedText } from './dependency-patching.mjs'

/**
 * @typedef {import('./dependency-patching.mjs').DependencyPatch} DependencyPatch
 * @typedef {import('./dependency-patching.mjs').Replacement} Replacement
 */

/** Every patched file carries the marker, after its CommonJS prologue: a file already patched is left as it is. */
const MARKER_AFTER_USE_STRICT = { find: "'use strict';\n", replace: `'use strict';\n${PATCH_MARKER}\n` }

/**
 * Route matching in @remix-run/router 1.x flattens, ranks and compiles the whole route tree again for every
 * match: three times for each page request, a fifth of the server's CPU. React Router 7 computes the branches
 * once (remix-run/react-router#14967); this does the same for the Remix 2 line. The ranked branches are kept
 * per routes array (a WeakMap, emptied when routes are patched in place) and the compiled path patterns in a
 * bounded map (they come from route definitions, not from requests).
 *
 * A page request then still matches its path four times over the same few route arrays (the request handler,
 * the static handler, the render's router and the manifest's routes), each walking every branch: about 0.35 ms
 * of a 5 ms dashboard. The matches of each routes array are kept per pathname too, in a bounded map (first in,
 * first out: request paths are any an attacker sends), and every caller gets its own copy of them.
 * @type {DependencyPatch}
 */
const routeMatchingCache = {
	name: '@remix-run/router: ranked route branches and compiled paths computed once',
	file: 'node_modules/@remix-run/router/dist/router.cjs.js',
	replacements: [
		MARKER_AFTER_USE_STRICT,
		{
			find: '  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n',
			replace: '  let branches = rankedBranches(routes);\n  let matches = null;\n',
		},
		{
			find: 'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n',
			replace: [
				'let matchesByRoutes = new WeakMap();',
				'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {',
				'  let pathname = (typeof locationArg === "string" ? parsePath(locationArg) : locationArg).pathname || "/";',
				'  if (pathname.length > 512) return matchRoutesOnce(routes, locationArg, basename, allowPartial);',
				'  let byPath = matchesByRoutes.get(routes);',
				'  if (byPath === undefined) matchesByRoutes.set(routes, (byPath = new Map()));',
				'  let key = (allowPartial ? "1" : "0") + String(basename) + "\\0" + pathname;',
				'  let matches = byPath.get(key);',
				'  if (matches === undefined) {',
				'    matches = matchRoutesOnce(routes, locationArg, basename, allowPartial);',
				'    if (byPath.size >= 1000) byPath.delete(byPath.keys().next().value);',
				'    byPath.set(key, matches);',
				'  }',
				'  return matches === null ? null : matches.map((match) => ({ ...match, params: { ...match.params } }));',
				'}',
				'function matchRoutesOnce(routes, locationArg, basename, allowPartial) {',
				'',
			].join('\n'),
		},
		{
			find: 'function flattenRoutes(routes, branches, parentsMeta, parentPath) {\n',
			replace: [
				'let rankedBranchesByRoutes = new WeakMap();',
				'function rankedBranches(routes) {',
				'  let branches = rankedBranchesByRoutes.get(routes);',
				'  if (branches === undefined) {',
				'    branches = flattenRoutes(routes);',
				'    rankRouteBranches(branches);',
				'    rankedBranchesByRoutes.set(routes, branches);',
				'  }',
				'  return branches;',
				'}',
				'function flattenRoutes(routes, branches, parentsMeta, parentPath) {',
				'',
			].join('\n'),
		},
		{
			find: 'function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n',
			replace:
				'function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  rankedBranchesByRoutes = new WeakMap();\n  matchesByRoutes = new WeakMap();\n',
		},
		{
			find: 'function compilePath(path, caseSensitive, end) {\n',
			replace: [
				'const compiledPaths = new Map();',
				'function compilePath(path, caseSensitive, end) {',
				'  let key = (caseSensitive ? "1" : "0") + (end === undefined || end ? "1" : "0") + path;',
				'  let compiled = compiledPaths.get(key);',
				'  if (compiled === undefined) {',
				'    compiled = compilePathOnce(path, caseSensitive, end);',
				'    if (compiledPaths.size < 1000) compiledPaths.set(key, compiled);',
				'  }',
				'  return compiled;',
				'}',
				'function compilePathOnce(path, caseSensitive, end) {',
				'',
			].join('\n'),
		},
	],
}

/**
 * Remix's server render builds the route tree again for every page (`createServerRoutes` over the build's
 * manifest), so the router's ranked branches, kept per routes array, were never found for the render's own
 * match. The tree depends only on the build: it is built once per manifest (a `WeakMap`, so a rebuilt
 * manifest in development gets its own).
 * @type {DependencyPatch}
 */
const serverRoutesOnce = {
	name: "@remix-run/react: the server render's route tree built once per build",
	file: 'node_modules/@remix-run/react/dist/server.js',
	replacements: [
		MARKER_AFTER_USE_STRICT,
		{
			find: '  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n',
			replace: '  let routes$1 = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);\n',
		},
		{
			find: 'function RemixServer({\n',
			replace: [
				'let serverRoutesByManifest = new WeakMap();',
				'function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {',
				'  let built = serverRoutesByManifest.get(manifestRoutes);',
				'  if (built === undefined || built.isSpaMode !== isSpaMode) {',
				'    built = { isSpaMode, routes: routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode) };',
				'    serverRoutesByManifest.set(manifestRoutes, built);',
				'  }',
				'  return built.routes;',
				'}',
				'function RemixServer({',
				'',
			].join('\n'),
		},
	],
}

/**
 * The static router of a server render converts its routes into data routes on every call; with the route
 * tree now the same array each time, the data routes are kept per routes array, and with them the router's
 * ranked branches.
 * @type {DependencyPatch}
 */
const staticDataRoutesOnce = {
	name: "react-router-dom: the static router's data routes built once per route tree",
	file: 'node_modules/react-router-dom/server.js',
	replacements: [
		MARKER_AFTER_USE_STRICT,
		{
			find: [
				'function createStaticRouter(routes, context, opts = {}) {',
				'  let manifest = {};',
				'  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);',
				'',
			].join('\n'),
			replace: [
				'let dataRoutesByRoutes = new WeakMap();',
				'function createStaticRouter(routes, context, opts = {}) {',
				'  let converted = dataRoutesByRoutes.get(routes);',
				'  if (converted === undefined) {',
				'    let manifest = {};',
				'    let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);',
				'    converted = { manifest, dataRoutes };',
				'    dataRoutesByRoutes.set(routes, converted);',
				'  }',
				'  let { manifest, dataRoutes } = converted;',
				'',
			].join('\n'),
		},
	],
}

/**
 * React 18's Node renderer encodes every piece of markup (a tag's name, each attribute, each text) into a 2 kB
 * byte buffer as it goes, one `TextEncoder.encodeInto` call on a fresh subarray each: about 4,000 calls for
 * the dashboard, an eighth of the server's CPU for the page. Here the pieces are joined as text (the
 * renderer's few pre-encoded pieces are decoded once each) and encoded in one native call when the renderer
 * completes a write, or every 64 K characters. The bytes written are the same, in the same order, and a
 * multi-byte character is never split across two buffers (decision 0078).
 * @type {DependencyPatch}
 */
const reactServerTextWrites = {
	name: "react-dom/server: a render's markup encoded once per write, not piece by piece",
	file: 'node_modules/react-dom/cjs/react-dom-server.node.production.min.js',
	replacements: [
		{
			find: '\'use strict\';var aa=require("util")',
			replace: `'use strict';${PATCH_MARKER}var aa=require("util")`,
		},
		{
			find: 'function r(a,b){if("string"===typeof b){',
			replace: [
				'var pendingText="",decodedChunks=new WeakMap,chunkDecoder=new aa.TextDecoder;',
				'function r(a,b){if("string"!==typeof b){var s=decodedChunks.get(b);void 0===s&&(s=chunkDecoder.decode(b),decodedChunks.set(b,s));b=s}',
				'pendingText+=b;65536<pendingText.length&&(t(a,Buffer.from(pendingText,"utf8")),pendingText="")}',
				'function writeChunkEncoded(a,b){if("string"===typeof b){',
			].join(''),
		},
		{
			find: 'function ca(a){k&&0<l&&a.write(k.subarray(0,l));',
			replace:
				'function ca(a){0<pendingText.length&&(a.write(Buffer.from(pendingText,"utf8")),pendingText="");k&&0<l&&a.write(k.subarray(0,l));',
		},
	],
}

const PRELOADS = 'let preloads = isHydrated ? [] : manifest.entry.imports.concat(routePreloads);'

/**
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` for every module of the page's routes and every
 * chunk they share: 49 on a list page. A phone's first paint waits for the style sheets, and those preloads
 * compete with them for its connection (decision 80). Only the entry module is preloaded now; the browser
 * finds the rest from the page's module script and their imports. The server's file (CommonJS) and the
 * browser's (ES modules) render the same links, so hydration finds what the server wrote.
 * @param {string} file
 * @param {Replacement} marker
 * @returns {DependencyPatch}
 */
function entryPreloadOnly(file, marker) {
	return {
		name: `@remix-run/react: <Scripts> preloads the entry module only (${file.includes('/esm/') ? 'browser' : 'server'})`,
		file,
		replacements: [marker, { find: PRELOADS, replace: 'let preloads = [];' }],
		// The server's links without the browser's (or the reverse) would fail every hydration.
		together: '@remix-run/react <Scripts>',
	}
}

const scriptsServer = entryPreloadOnly('node_modules/@remix-run/react/dist/components.js', MARKER_AFTER_USE_STRICT)
// An ES module has no prologue: the marker follows the package's licence comment.
const scriptsBrowser = entryPreloadOnly('node_modules/@remix-run/react/dist/esm/components.js', {
	find: ' * @license MIT\n */\n',
	replace: ` * @license MIT\n */\n${PATCH_MARKER}\n`,
})

export const DEPENDENCY_PATCHES = [
	routeMatchingCache,
	serverRoutesOnce,
	staticDataRoutesOnce,
	reactServerTextWrites,
	scriptsServer,
	scriptsBrowser,
]

/** Applies every patch under the project folder `root`; returns the warnings for those it could not apply. */
export function applyDependencyPatches(root) {
	return applyPatches(root, DEPENDENCY_PATCHES)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
	for (const warning of applyDependencyPatches(root)) console.warn(`warning: ${warning}`)
}
