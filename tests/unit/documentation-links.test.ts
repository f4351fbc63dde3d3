import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * Every relative link of the documentation leads somewhere: the file exists and, with `#anchor`, the file has
 * that heading (GitHub's anchors). Links to other sites are not followed (no network in tests).
 */

const root = path.resolve(import.meta.dirname, '../..')

function markdownFiles(): string[] {
	const docs = (folder: string): string[] =>
		fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
			const relative = path.join(folder, entry.name)
			if (entry.isDirectory()) return docs(relative)
			return entry.name.endsWith('.md') ? [relative] : []
		})
	return ['README.md', 'CHANGELOG.md', ...docs('docs')]
}

/** The text outside fenced code blocks and inline code, where Markdown links live. */
function prose(markdown: string): string {
	return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '')
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats numbered. */
function anchors(markdown: string): Set<string> {
	const seen = new Map<string, number>()
	const found = new Set<string>()
	for (const line of prose(markdown.replace(/`/g, '')).split('\n')) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
		if (!heading) continue
		const base = heading[1]!
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-')
		const count = seen.get(base) ?? 0
		seen.set(base, count + 1)
		found.add(count === 0 ? base : `${base}-${count}`)
	}
	return found
}

describe.each(markdownFiles())('%s', (file) => {
	test('every relative link names a file that exists, and a heading of it', () => {
		const text = fs.readFileSync(path.join(root, file), 'utf8')
		const broken: string[] = []
		for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
			if (/^[a-z][a-z+.-]*:/i.test(target!)) continue
			const [linkPath, anchor] = target!.split('#') as [string, string | undefined]
			const resolved =
				linkPath === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(linkPath))
			if (!fs.existsSync(resolved)) {
				broken.push(`${target}: no such file`)
				continue
			}
			if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor))
				broken.push(`${target}: no such heading`)
		}
		expect(broken).toEqual([])
	})
})

describe('the decision records', () => {
	const folder = path.join(root, 'docs/decisions')
	test.each(fs.readdirSync(folder).filter((name) => name.endsWith('.md')))('%s has a date and a status', (name) => {
		const [title, , dated] = fs.readFileSync(path.join(folder, name), 'utf8').split('\n')
		expect(title).toMatch(new RegExp(`^# ${Number(name.slice(0, 4))}\\. \\S`))
		expect(dated).toMatch(/^Date: \d{4}-\d{2}-\d{2}\. Status: (accepted|superseded by \d+)\b/)
	})
})

describe('the guides', () => {
	// README.md and docs/*.md, which a reader follows today; the decision records and the changelog tell what
	// was done at the time, and may name files that have gone since.
	const guides = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : []))]
	// What is built or written at run time rather than kept in git: the root entries of .gitignore.
	const generated = fs
		.readFileSync(path.join(root, '.gitignore'), 'utf8')
		.split('\n')
		.flatMap((line) => (line.startsWith('/') ? [line.slice(1).replace(/\/$/, '')] : []))

	test.each(guides)('%s names, in code, only files and folders of the project that exist', (file) => {
		const text = fs.readFileSync(path.join(root, file), 'utf8')
		const named = [...text.matchAll(/`((?:app|tests|scripts|docs|deploy|public|bench)\/[^`\s]*)`/g)].map((match) => match[1]!)
		const missing = named
			// A pattern (`app/catalogs/<name>/`, `app/routes/api.*.tsx`) names no one file.
			.filter((named) => !/[<*{]/.test(named))
			.filter((named) => !generated.some((folder) => named === folder || named.startsWith(`${folder}/`)))
			.filter((named) => !fs.existsSync(path.join(root, named.replace(/[:#].*$/, ''))))
		expect(missing).toEqual([])
	})
})
