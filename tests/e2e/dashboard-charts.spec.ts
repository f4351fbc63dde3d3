import type { Locator } from '@playwright/test'
import { ensureDemoData } from './catalogs-support'
import { createUser, en, expect, open, test, startSession } from './support'

test.use({ language: 'en' })
test.beforeAll(() => ensureDemoData())

const SMALLEST_LABEL_PX = 11

/** The rendered size of each text of an SVG chart: its font size in view-box units times the view box's scale on screen. */
function renderedTextSizes(chart: Locator): Promise<number[]> {
	return chart.evaluate((svg) =>
		[...svg.querySelectorAll('text')].map((text) => Number.parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 0)),
	)
}

for (const width of [320, 768, 1280]) {
	test(`At ${width} px the dashboard's charts have labels of at least ${SMALLEST_LABEL_PX} px, or a table instead, and fit the screen`, async ({
		page,
	}) => {
		const user = await createUser({ prefix: `charts-${width}` })
		await page.setViewportSize({ width, height: 900 })
		await startSession(page, user)
		await open(page, '/dashboard')

		const perStation = page.getByRole('region', { name: en.dashboard.toolsPerStation })
		const chart = perStation.getByRole('group', { name: en.dashboard.toolsPerStationSummary })
		const table = perStation.getByRole('table', { name: en.dashboard.toolsPerStation })
		await expect(perStation).toBeVisible()

		if (await chart.isVisible()) {
			const sizes = await renderedTextSizes(chart)
			expect(sizes.length, 'the chart has labels').toBeGreaterThan(0)
			expect(Math.min(...sizes), 'the smallest label of the bar chart, in px').toBeGreaterThanOrEqual(SMALLEST_LABEL_PX)
			await expect(table).toBeHidden()
		} else {
			await expect(table).toBeVisible()
			const rows = table.getByRole('row')
			expect(await rows.count(), 'a header and a row per bar').toBeGreaterThan(1)
			const fontSize = await table
				.getByRole('cell')
				.first()
				.evaluate((cell) => Number.parseFloat(getComputedStyle(cell).fontSize))
			expect(fontSize).toBeGreaterThanOrEqual(SMALLEST_LABEL_PX)
		}
		if (width === 320) await expect(table, 'at 320 px the figures are a table').toBeVisible()

		// The other chart, the donut, carries no text of its own (its legend is HTML), whatever its size.
		const donut = page.getByRole('img', { name: new RegExp(`^${en.dashboard.toolsByStatus}:`) })
		await expect(donut).toBeVisible()
		for (const size of await renderedTextSizes(donut)) expect(size).toBeGreaterThanOrEqual(SMALLEST_LABEL_PX)
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
		expect(overflow, 'how much wider than the screen the page is, in px').toBeLessThanOrEqual(0)
	})
}
