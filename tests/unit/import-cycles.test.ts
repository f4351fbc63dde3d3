import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const file = path.join(dir, name)
		if (statSync(file).isDirectory()) return sourceFiles(file)
		return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : []
	})
}

/** The project file an import names, or null for a package, a stylesheet or anything outside the code. */
function resolve(from: string, specifier: string): string | null {
	const base = specifier.startsWith('~/')
		? path.join(root, 'app', specifier.slice(2))
		: specifier.startsWith('.')
			? path.resolve(path.dirname(from), specifier)
			: null
	if (base === null) return null
	for (const candidate of [base, ...EXTENSIONS.map((extension) => base + extension)]) {
		if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
	}
	return null
}

/** Every import and re-export of each file, type-only ones included (`preProcessFile` reads them all). */
function importGraph(files: string[]): Map<string, string[]> {
	const graph = new Map<string, string[]>()
	for (const file of files) {
		const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
		const targets = importedFiles.map(({ fileName }) => resolve(file, fileName)).filter((target) => target !== null)
		graph.set(file, [...new Set(targets)])
	}
	return graph
}

/** One cycle per strongly connected component of more than one file (or a file importing itself), as a path. */
function cycles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = []
	const state = new Map<string, 'open' | 'done'>()
	const stack: string[] = []
	const visit = (file: string) => {
		state.set(file, 'open')
		stack.push(file)
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
			else if (!state.has(next)) visit(next)
		}
		stack.pop()
		state.set(file, 'done')
	}
	for (const file of graph.keys()) if (!state.has(file)) visit(file)
	return found
}

const relative = (file: string) => path.relative(root, file)

test('app/ and server.ts import no module that imports them back, type-only imports included', () => {
	const files = [...sourceFiles(path.join(root, 'app')), path.join(root, 'server.ts')]
	const graph = importGraph(files)
	expect(graph.size).toBeGreaterThan(100)
	expect(cycles(graph).map((cycle) => cycle.map(relative).join(' → '))).toEqual([])
})

test('the cycle finder names a cycle, type-only imports included', () => {
	const graph = importGraph([])
	graph.set('a.ts', ['b.ts'])
	graph.set('b.ts', ['c.ts'])
	graph.set('c.ts', ['a.ts'])
	graph.set('d.ts', ['a.ts'])
	expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']])
	const typeOnly = ts.preProcessFile("import type { X } from './x'\nexport type { Y } from '~/y'", true, true)
	expect(typeOnly.importedFiles.map((file) => file.fileName)).toEqual(['./x', '~/y'])
})
