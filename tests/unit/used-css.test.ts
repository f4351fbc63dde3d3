import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { appSources, classWords, usedCss } from '../../scripts/used-css.mjs'

const used = (...sources: string[]) => classWords(sources)

describe('usedCss', () => {
	test('keeps the rules whose classes the sources write, and only their selectors that do', () => {
		const css = '.btn{color:red}.carousel{color:blue}.btn:hover,.carousel-item>.btn{color:green}'
		expect(usedCss(css, used('<a className="btn">'))).toBe('.btn{color:red}.btn:hover{color:green}')
	})

	test('a class written as a prefix and a value keeps every class of that prefix', () => {
		const css = '.alert-danger{color:red}.alert-info{color:blue}.badge-info{color:green}'
		expect(usedCss(css, used('className={`alert alert-${tone}`}'))).toBe('.alert-danger{color:red}.alert-info{color:blue}')
	})

	test('rules naming no class, @font-face and @keyframes stay; an emptied @media goes', () => {
		const css =
			':root{--x:1}a:not(.unused,.other){color:red}@font-face{font-family:x}@keyframes spin{to{transform:rotate(1turn)}}' +
			'@media (min-width:576px){.unused{color:red}}@media print{.row{display:none}}'
		expect(usedCss(css, used('row'))).toBe(
			':root{--x:1}a:not(.unused,.other){color:red}@font-face{font-family:x}@keyframes spin{to{transform:rotate(1turn)}}' +
				'@media print{.row{display:none}}',
		)
	})

	test('braces in strings and comments do not end a block, a licence comment stays, escaped class names are read unescaped', () => {
		const css = '/*! licence {*/.icon::before{content:"}{"}/* note } */.w-50\\%{width:50%}.sm\\:p-0{padding:0}'
		expect(usedCss(css, used('icon sm:p-0'))).toBe('/*! licence {*/.icon::before{content:"}{"}')
	})
})

describe("Bootstrap's sheet for the app's sources", () => {
	const bootstrap = fs.readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8')
	const sheet = usedCss(bootstrap, classWords(appSources(path.resolve(import.meta.dirname, '../../app'))))

	test('keeps what the pages use, drops the components they do not, and is under a third of the whole', () => {
		expect(sheet).toContain('.btn-primary{')
		expect(sheet).toContain('.visually-hidden')
		expect(sheet).toContain('.form-control{')
		expect(sheet).toMatch(/\.text-bg-danger\{/)
		expect(sheet).not.toContain('.carousel')
		expect(sheet).not.toContain('.offcanvas')
		expect(sheet.length).toBeLessThan(bootstrap.length / 3)
	})
})
