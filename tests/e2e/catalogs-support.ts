import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { cliArguments } from '../support/cli'
import { DATA_DIR, ROOT_DIR, serverEnv } from './env.mjs'
import { en, expect, open, test } from './support'

/** Helpers of the catalog specs (stations and tools). */

let seeded = false

/** How long `db:seed-demo` may take, and so how long another worker waits for it. */
const SEED_TIMEOUT_MS = 120_000

/**
 * The deterministic demo data set (300 stations, 3,000 tools), written once per run: the first worker
 * to take the lock file runs `db:seed-demo`, the others wait for its "done" marker (two seeds at once
 * would only queue on the database's write lock).
 */
export async function ensureDemoData() {
	if (seeded) return
	const lock = path.join(DATA_DIR, 'demo-seed.lock')
	const done = path.join(DATA_DIR, 'demo-seed.done')
	let owner = false
	try {
		fs.closeSync(fs.openSync(lock, 'wx'))
		owner = true
	} catch {
		/* another worker seeds */
	}
	if (owner) {
		try {
			execFileSync(process.execPath, cliArguments('db:seed-demo'), {
				cwd: ROOT_DIR,
				env: { ...process.env, ...serverEnv },
				encoding: 'utf8',
				stdio: 'pipe',
				timeout: SEED_TIMEOUT_MS,
			})
			fs.writeFileSync(done, 'ok')
		} catch (error) {
			const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string }
			fs.writeFileSync(done, `failed: ${message}`)
			throw new Error(`db:seed-demo failed: ${message}\n${stdout ?? ''}${stderr ?? ''}`)
		}
	} else {
		// The wait may outlast the hook's (or test's) own timeout: it gets the seed's on top.
		test.setTimeout(test.info().timeout + SEED_TIMEOUT_MS)
		await expect
			.poll(() => fs.existsSync(done), { message: 'the demo data seeded by another worker', intervals: [200], timeout: SEED_TIMEOUT_MS })
			.toBe(true)
		const result = fs.readFileSync(done, 'utf8')
		if (result !== 'ok') throw new Error(`db:seed-demo ${result}`)
	}
	seeded = true
}

/** A code no other test uses: upper-case letters, digits and hyphens, with the project's initial. */
export function uniqueCode(prefix: string) {
	const project = test.info().project.name === 'js' ? 'J' : 'N'
	return `${prefix}-${project}${randomBytes(3).toString('hex').toUpperCase()}`
}

/** The list's search form (the top bar has a search of its own). */
export function searchForm(page: Page, name: string): Locator {
	return page.getByRole('search', { name })
}

/**
 * The texts of one column, as its cells hold them: also a secondary column the table hides where it is
 * narrow, and without the detail line that then stands in for those columns under the name.
 */
export async function columnTexts(page: Page, index: number): Promise<string[]> {
	return page.locator('table.catalog-table tbody tr').evaluateAll(
		(rows, column) =>
			rows.map((row) => {
				const cell = row.children[column]?.cloneNode(true) as HTMLElement | undefined
				if (!cell) return ''
				for (const hidden of cell.querySelectorAll('.row-detail, .visually-hidden')) hidden.remove()
				return (cell.textContent ?? '').replace(/\s+/g, ' ').trim()
			}),
		index,
	)
}

/**
 * The texts of a column once they pass `check`. With JavaScript the address changes before the new rows
 * are drawn: a test that has just clicked waits for the rows, not for the URL.
 */
export async function columnTextsOnceThey(page: Page, index: number, check: (texts: string[]) => boolean, what: string): Promise<string[]> {
	let texts: string[] = []
	await expect.poll(async () => check((texts = await columnTexts(page, index))), { message: what }).toBe(true)
	return texts
}

/** Text without accents and case, as the search compares it. */
export function plain(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}+/gu, '')
		.replace(/[đĐ]/g, 'd')
		.toLowerCase()
}

/** The text of a downloaded file, its byte-order mark kept. */
export async function downloadedText(download: { path(): Promise<string | null> }): Promise<{ bytes: Buffer; text: string }> {
	const file = await download.path()
	if (!file) throw new Error('the download has no file')
	const bytes = fs.readFileSync(file)
	return { bytes, text: bytes.toString('utf8') }
}

/**
 * Uploads `content` on the import page and sends the form. The file is written to the test's output folder
 * and chosen by its path, as a user would: a local browser reads it itself, where a buffer of megabytes would
 * cross the protocol to the browser (seconds on a busy machine).
 */
export async function importFile(page: Page, content: string, name = 'du-lieu.csv') {
	const file = test.info().outputPath(name)
	fs.mkdirSync(path.dirname(file), { recursive: true })
	fs.writeFileSync(file, content, 'utf8')
	await page.getByLabel(en.csv.file, { exact: true }).setInputFiles(file)
	await page.getByRole('button', { name: en.csv.submit, exact: true }).click()
}

/**
 * Sends `content` from a catalog's import page (`path`), expects the file refused whole, and returns the
 * report of its refused rows. `timeout`: a large file is imported in the background, its progress page
 * followed until the report.
 */
export async function refusedImportReport(
	page: Page,
	path: string,
	content: string,
	{ timeout }: { timeout?: number } = {},
): Promise<Locator> {
	await open(page, path)
	await importFile(page, content)
	await expect(page.getByRole('alert')).toContainText(en.csv.refusedTitle, { timeout })
	return page.getByRole('table', { name: en.csv.reportCaption })
}

/** The flash message shown after a redirect. */
export async function expectStatusMessage(page: Page, text: string) {
	await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible()
}
