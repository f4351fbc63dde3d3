import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { Writable } from 'node:stream'
import path from 'node:path'
import type * as RemixRouter from '@remix-run/router'
import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import type * as ReactDomServer from 'react-dom/server'
import { Outlet } from 'react-router-dom'
import { describe, expect, test, vi } from 'vitest'
import { applyDependencyPatches, DEPENDENCY_PATCHES, PATCH_MARKER, patchedText } from '../../scripts/patch-dependencies.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..', '..')
const require = createRequire(import.meta.url)
// The copy the server loads (Node resolves the package to its CommonJS build).
const router = require('@remix-run/router') as typeof RemixRouter

// A text with every replacement's anchor once, as a package's file has them.
function pristineText(patch: (typeof DEPENDENCY_PATCHES)[number]) {
	return patch.replacements.map(({ find }, index) => `// part ${index}\n${find}`).join('')
}

describe('patches to installed packages (npm install runs scripts/patch-dependencies.mjs)', () => {
	test.each(DEPENDENCY_PATCHES.map((patch) => [patch.name, patch] as const))('%s: applied to the installed file', (_name, patch) => {
		expect(fs.readFileSync(path.join(projectRoot, patch.file), 'utf8')).toContain(PATCH_MARKER)
	})

	test.each(DEPENDENCY_PATCHES.map((patch) => [patch.name, patch] as const))(
		'%s: replaces every anchor, and a second run changes nothing',
		(_name, patch) => {
			const once = patchedText(patch, pristineText(patch))
			if (!('text' in once)) throw new Error(`not applied: ${once.missing}`)
			expect(once.text).toContain(PATCH_MARKER)
			for (const { find, replace } of patch.replacements) {
				expect(once.text).toContain(replace)
				if (!replace.includes(find)) expect(once.text).not.toContain(find)
			}
			expect(patchedText(patch, once.text)).toEqual({ text: once.text })
		},
	)

	test.each(DEPENDENCY_PATCHES.map((patch) => [patch.name, patch] as const))(
		'%s: another version of the file, with an anchor missing or twice, is left alone',
		(_name, patch) => {
			const [first, second] = patch.replacements
			const withoutSecond = pristineText(patch).replace(second!.find, '')
			expect(patchedText(patch, withoutSecond)).toEqual({ missing: second!.find.split('\n')[0] })
			expect(patchedText(patch, pristineText(patch) + first!.find)).toEqual({ missing: first!.find.split('\n')[0] })
		},
	)

	test('a package that is not installed, or not as the patch expects, is a warning and no change', () => {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-patch-'))
		try {
			expect(applyDependencyPatches(root)).toEqual(DEPENDENCY_PATCHES.map((patch) => `${patch.name}: ${patch.file} is not installed`))
			for (const patch of DEPENDENCY_PATCHES) {
				fs.mkdirSync(path.dirname(path.join(root, patch.file)), { recursive: true })
				fs.writeFileSync(path.join(root, patch.file), 'module.exports = {}\n')
			}
			expect(applyDependencyPatches(root)).toEqual(DEPENDENCY_PATCHES.map((patch) => expect.stringContaining(`${patch.name}: not applied`)))
			for (const patch of DEPENDENCY_PATCHES) expect(fs.readFileSync(path.join(root, patch.file), 'utf8')).toBe('module.exports = {}\n')
		} finally {
			fs.rmSync(root, { recursive: true, force: true })
		}
	})
})

describe('patches applied together (the two builds of @remix-run/react <Scripts>, decision 80)', () => {
	test('when one of them cannot be applied, the other file is left as installed too', () => {
		const together = DEPENDENCY_PATCHES.filter((patch) => patch.together)
		expect(together).toHaveLength(2)
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-patch-'))
		try {
			const [whole, changed] = together
			for (const patch of together) fs.mkdirSync(path.dirname(path.join(root, patch.file)), { recursive: true })
			fs.writeFileSync(path.join(root, whole!.file), pristineText(whole!))
			// Another version of the other build: its preload line reads differently.
			const otherVersion = pristineText(changed!).replace(changed!.replacements[1]!.find, 'let preloads = [...links];')
			fs.writeFileSync(path.join(root, changed!.file), otherVersion)
			const warnings = applyDependencyPatches(root)
			expect(warnings).toContainEqual(expect.stringContaining(`${changed!.name}: not applied`))
			expect(warnings).toContainEqual(`${whole!.name}: not applied, as ${whole!.together} is not patched whole`)
			expect(fs.readFileSync(path.join(root, whole!.file), 'utf8')).toBe(pristineText(whole!))
			expect(fs.readFileSync(path.join(root, changed!.file), 'utf8')).toBe(otherVersion)

			fs.writeFileSync(path.join(root, changed!.file), pristineText(changed!))
			expect(applyDependencyPatches(root).filter((warning) => warning.includes('<Scripts>'))).toEqual([])
			for (const patch of together) expect(fs.readFileSync(path.join(root, patch.file), 'utf8')).toContain('let preloads = [];')
		} finally {
			fs.rmSync(root, { recursive: true, force: true })
		}
	})
})

describe('route matching with the ranked branches kept (the @remix-run/router patch)', () => {
	const routes: RemixRouter.AgnosticRouteObject[] = [
		{
			id: 'root',
			path: '/',
			children: [
				{ id: 'home', index: true },
				{ id: 'stations', path: 'danhmuc/tram' },
				{ id: 'station', path: 'danhmuc/tram/:id' },
				{ id: 'station-new', path: 'danhmuc/tram/new' },
				{ id: 'optional', path: 'docs/:lang?/guide', caseSensitive: true },
				{ id: 'splat', path: '*' },
			],
		},
	]
	const leaf = (pathname: string) => router.matchRoutes(routes, pathname)?.at(-1)
	const cases: [string, string, Record<string, string | undefined>][] = [
		['/', 'home', {}],
		['/danhmuc/tram', 'stations', {}],
		['/danhmuc/tram/', 'stations', {}],
		['/DANHMUC/TRAM', 'stations', {}],
		['/danhmuc/tram/new', 'station-new', {}],
		['/danhmuc/tram/42', 'station', { id: '42' }],
		['/docs/guide', 'optional', { lang: undefined }],
		['/docs/vn/guide', 'optional', { lang: 'vn' }],
		['/Docs/guide', 'splat', { '*': 'Docs/guide' }],
		['/no/such/page', 'splat', { '*': 'no/such/page' }],
	]

	test.each(cases)('%s matches %s, the first time and every time after', (pathname, id, params) => {
		for (let round = 0; round < 3; round += 1) {
			expect(leaf(pathname)?.route.id).toBe(id)
			expect(leaf(pathname)?.params).toEqual(params)
		}
	})

	test('another routes array is matched by its own routes', () => {
		expect(leaf('/danhmuc/tram/7')?.route.id).toBe('station')
		const other: RemixRouter.AgnosticRouteObject[] = [{ id: 'only', path: '/danhmuc/tram/:code' }]
		expect(router.matchRoutes(other, '/danhmuc/tram/7')?.map((match) => [match.route.id, match.params])).toEqual([['only', { code: '7' }]])
		expect(router.matchRoutes(other, '/')).toBeNull()
	})

	test('each caller gets its own copy of a kept match: changing one changes no later answer', () => {
		const first = router.matchRoutes(routes, '/danhmuc/tram/42')!
		;(first.at(-1)!.params as Record<string, string>).id = 'changed'
		first.at(-1)!.pathname = '/elsewhere'
		first.pop()
		const again = router.matchRoutes(routes, '/danhmuc/tram/42')!
		expect(again.map((match) => [match.route.id, match.params, match.pathname])).toEqual([
			['root', { id: '42' }, '/'],
			['station', { id: '42' }, '/danhmuc/tram/42'],
		])
		expect(again).not.toBe(router.matchRoutes(routes, '/danhmuc/tram/42'))
	})

	test('a path is matched with its search and hash left out, and with the basename it was asked with', () => {
		expect(router.matchRoutes(routes, '/danhmuc/tram/9?tab=history#top')?.at(-1)?.params).toEqual({ id: '9' })
		expect(router.matchRoutes(routes, { pathname: '/danhmuc/tram/9' })?.at(-1)?.params).toEqual({ id: '9' })
		expect(router.matchRoutes(routes, '/app/danhmuc/tram/9', '/app')?.at(-1)?.route.id).toBe('station')
		expect(router.matchRoutes(routes, '/danhmuc/tram/9', '/app')).toBeNull()
		expect(router.matchRoutes(routes, '/app/danhmuc/tram/9')?.at(-1)?.route.id).toBe('splat')
	})

	test('more paths than the matches kept for them are each still matched right', () => {
		for (let n = 0; n < 2_500; n += 1) expect(leaf(`/danhmuc/tram/${n}`)?.params).toEqual({ id: String(n) })
		expect(leaf('/danhmuc/tram/0')?.params).toEqual({ id: '0' })
		expect(leaf(`/danhmuc/tram/${'x'.repeat(600)}`)?.params).toEqual({ id: 'x'.repeat(600) })
	})

	test('a pattern matched case-sensitively, to the end or not, keeps each meaning', () => {
		expect(router.matchPath({ path: '/a/:b', caseSensitive: true, end: true }, '/A/x')).toBeNull()
		expect(router.matchPath({ path: '/a/:b', caseSensitive: false, end: true }, '/A/x')?.params).toEqual({ b: 'x' })
		expect(router.matchPath({ path: '/a/:b', caseSensitive: false, end: true }, '/a/x/y')).toBeNull()
		expect(router.matchPath({ path: '/a/:b', caseSensitive: false, end: false }, '/a/x/y')?.pathnameBase).toBe('/a/x')
		expect(router.matchPath('/a/:b', '/a/x/y')).toBeNull()
	})
})

describe("a render's markup encoded once per write (the react-dom/server patch)", () => {
	// The build the server bundles (tests run React's development build, which the patch leaves alone).
	const { renderToPipeableStream } = require(
		path.join(projectRoot, 'node_modules/react-dom/cjs/react-dom-server.node.production.min.js'),
	) as typeof ReactDomServer

	function streamed(element: ReactElement): Promise<{ html: string; writes: number; nul: boolean }> {
		return new Promise((resolve, reject) => {
			const chunks: Buffer[] = []
			const destination = new Writable({
				write(chunk: Buffer, _encoding, callback) {
					chunks.push(chunk)
					callback()
				},
				final(callback) {
					const bytes = Buffer.concat(chunks)
					resolve({ html: bytes.toString('utf8'), writes: chunks.length, nul: bytes.includes(0) })
					callback()
				},
			})
			const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(destination), onShellError: reject })
		})
	}

	// Multi-byte text of every length around the old 2 kB buffer's edge, and more than one write's worth.
	const rows = Array.from({ length: 1_500 }, (_, n) => `Trạm ${n} · ${'Đồng bằng sông Cửu Long 🌾 '.repeat(n % 7)}`)
	const page = createElement(
		'main',
		{ lang: 'vi' },
		createElement('h1', null, 'Tên của trạm'),
		createElement(
			'ul',
			null,
			rows.map((text, n) => createElement('li', { key: n, 'data-n': n, title: text }, text, createElement('b', null, n))),
		),
	)

	test('gives the bytes the whole-string renderer gives, with no NUL byte and no broken character', async () => {
		const { html, nul } = await streamed(page)
		expect(nul).toBe(false)
		expect(html).not.toContain('\uFFFD')
		expect(html).toBe(renderToString(page))
		expect(html.length).toBeGreaterThan(65_536 * 2)
	})

	test('writes a large page in pieces of at most 64 K characters, not in 2 kB ones', async () => {
		const { writes, html } = await streamed(page)
		expect(writes).toBeLessThanOrEqual(Math.ceil(html.length / 65_536) + 1)
		expect(writes).toBeGreaterThan(1)
	})
})

describe('a server render builds its routes once per build (the @remix-run/react and react-router-dom patches)', () => {
	// The copies the server bundles: Remix's CommonJS build and React Router DOM's server module.
	const remixRoutes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: (...args: unknown[]) => unknown }
	const { RemixServer } = require('@remix-run/react/dist/server.js') as {
		RemixServer: (props: { context: object; url: string }) => ReactElement
	}
	const { createStaticRouter } = require('react-router-dom/server.js') as {
		createStaticRouter: (routes: object[], context: object) => { routes: object[]; state: { matches: { route: { id: string } }[] } }
	}

	function handlerContext(pathname: string, routeIds: string[]) {
		return {
			basename: '/',
			location: { pathname, search: '', hash: '', state: null, key: 'default' },
			matches: routeIds.map((id) => ({ params: {}, pathname, pathnameBase: '/', route: { id } })),
			loaderData: {},
			actionData: null,
			errors: null,
			statusCode: 200,
			loaderHeaders: {},
			actionHeaders: {},
			activeDeferreds: null,
		}
	}

	test('the static router keeps one set of data routes per route tree, and each context its own matches', () => {
		const tree = [
			{
				id: 'root',
				path: '/',
				children: [
					{ id: 'a', path: 'a' },
					{ id: 'b', path: 'b' },
				],
			},
		]
		const first = createStaticRouter(tree, handlerContext('/a', ['root', 'a']))
		const second = createStaticRouter(tree, handlerContext('/b', ['root', 'b']))
		expect(second.routes).toBe(first.routes)
		expect(first.state.matches.map((match) => match.route.id)).toEqual(['root', 'a'])
		expect(second.state.matches.map((match) => match.route.id)).toEqual(['root', 'b'])
		// The matches carry the data routes themselves, as the render expects.
		expect(second.state.matches[1]!.route).toBe((first.routes[0] as { children: object[] }).children[1])
		expect(createStaticRouter([{ id: 'other', path: '/' }], handlerContext('/', ['other'])).routes).not.toBe(first.routes)
	})

	test("Remix's render builds the route tree of a manifest once, and still renders each page's own route", () => {
		const route = (id: string, path: string | undefined, parentId?: string) => ({
			id,
			path,
			parentId,
			index: path === undefined ? true : undefined,
			hasLoader: false,
			hasAction: false,
			hasClientLoader: false,
			hasClientAction: false,
			hasErrorBoundary: false,
			module: `/${id}.js`,
		})
		const manifest = {
			entry: { module: '/entry.js', imports: [] },
			url: '/manifest.js',
			version: '1',
			routes: { root: route('root', ''), home: route('home', undefined, 'root'), about: route('about', 'about', 'root') },
		}
		const page = (text: string) => () => createElement('p', null, text)
		const rootModule = { default: () => createElement('main', null, createElement(Outlet)) }
		const context = (pathname: string, leaf: string) => ({
			manifest,
			routeModules: { root: rootModule, home: { default: page('home page') }, about: { default: page('about page') } },
			staticHandlerContext: handlerContext(pathname, ['root', leaf]),
			future: {},
			isSpaMode: false,
			serverHandoffString: '{}',
			serializeError: (error: Error) => ({ message: error.message }),
			renderMeta: {},
		})
		const built = vi.spyOn(remixRoutes, 'createServerRoutes')
		try {
			const about = renderToString(createElement(RemixServer, { context: context('/about', 'about'), url: 'http://localhost/about' }))
			const home = renderToString(createElement(RemixServer, { context: context('/', 'home'), url: 'http://localhost/' }))
			expect(about).toContain('about page')
			expect(home).toContain('home page')
			expect(home).not.toContain('about page')
			// Once for both pages (the children are built by its own recursion, which the spy does not see).
			expect(built.mock.calls.filter(([routes]) => routes === manifest.routes)).toHaveLength(1)
		} finally {
			built.mockRestore()
		}
	})
})
