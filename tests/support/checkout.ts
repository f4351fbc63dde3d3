import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** A fenced code block of a Markdown text and its info string (`sh test`, `text catalog-files`). */
export interface Block {
	info: string
	text: string
}

/** The fenced code blocks of a Markdown text, in order, with their info strings (and without their indentation). */
export function fencedBlocks(markdown: string): Block[] {
	const blocks: Block[] = []
	let open: { fence: string; indent: string; info: string; lines: string[] } | null = null
	for (const line of markdown.split('\n')) {
		if (open) {
			if (line.trim() === open.fence) {
				blocks.push({ info: open.info, text: open.lines.join('\n') + '\n' })
				open = null
			} else open.lines.push(line.startsWith(open.indent) ? line.slice(open.indent.length) : line)
			continue
		}
		// A block inside a list item is indented as the item's text is.
		const start = /^( *)(`{3,})(.*)$/.exec(line)
		if (start) open = { indent: start[1]!, fence: start[2]!, info: start[3]!.trim(), lines: [] }
	}
	if (open) throw new Error(`a code block is never closed: ${open.lines[0]}`)
	return blocks
}

/** A copy of the checkout as it is now, as someone would unpack it: every file git tracks or would track. */
export function copyCheckout(to: string) {
	const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
		.split('\0')
		.filter((file) => file !== '' && fs.existsSync(file))
	for (const file of new Set(files)) {
		fs.mkdirSync(path.join(to, path.dirname(file)), { recursive: true })
		fs.copyFileSync(file, path.join(to, file))
		fs.chmodSync(path.join(to, file), fs.statSync(file).mode)
	}
}
