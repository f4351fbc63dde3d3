import { describe, expect, test } from 'vitest'
import { withCompactManifest } from './compact-manifest.server'

const manifest = { entry: { module: '/build/entry.client-X.js', imports: ['/build/_shared/chunk-A.js'] }, version: 'ab12' }
const page = (json: string) =>
	`<script type="module" async="">;\nimport * as route0 from "/build/root-X.js";\nwindow.__remixManifest = ${json};\nwindow.__remixRouteModules = {"root":route0};\n</script><p>Trạm</p>`

describe('withCompactManifest', () => {
	test('writes the route manifest without indentation, the rest of the page as it was', () => {
		const compact = withCompactManifest(Buffer.from(page(JSON.stringify(manifest, null, 2)))).toString('utf8')
		expect(compact).toBe(page(JSON.stringify(manifest)))
	})

	test('leaves a page without a manifest, or with one it cannot read, as it is', () => {
		for (const html of ['<p>Trạm</p>', page('{"entry": '), 'window.__remixManifest = {}']) {
			const buffer = Buffer.from(html)
			expect(withCompactManifest(buffer)).toBe(buffer)
		}
	})
})
