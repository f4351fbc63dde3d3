import { scaleBand, scaleLinear } from 'd3-scale'
import { arc, pie } from 'd3-shape'

/**
 * Chart geometry, computed on the server with d3's scales and shapes: the page receives plain
 * numbers and path strings, renders SVG without JavaScript, and no chart library reaches the browser.
 */

export interface DonutSlice {
	key: string
	value: number
	/** SVG path of the slice, centred on (0, 0). */
	path: string
	/** Share of the total, 0–100, one decimal. */
	percent: number
}

export function donut(data: ReadonlyArray<{ key: string; value: number }>, { radius = 80, thickness = 28 } = {}): DonutSlice[] {
	const total = data.reduce((sum, item) => sum + item.value, 0)
	if (total === 0) return []
	const slices = pie<{ key: string; value: number }>()
		.value((item) => item.value)
		.sort(null)(data.filter((item) => item.value > 0))
	const shape = arc<(typeof slices)[number]>()
		.innerRadius(radius - thickness)
		.outerRadius(radius)
		.padAngle(0.01)
	return slices.map((slice) => ({
		key: slice.data.key,
		value: slice.data.value,
		path: shape(slice) ?? '',
		percent: Math.round((slice.data.value / total) * 1000) / 10,
	}))
}

export interface Bar {
	key: string
	label: string
	value: number
	y: number
	width: number
	height: number
}

export interface BarChart {
	bars: Bar[]
	ticks: Array<{ value: number; x: number }>
	/** Left margin for the labels, and the plot width, in SVG units. */
	labelWidth: number
	plotWidth: number
	height: number
}

/** Horizontal bars: a band scale for the rows, a linear scale (with "nice" ticks) for the values. */
export function horizontalBars(
	data: ReadonlyArray<{ key: string; label: string; value: number }>,
	{ width = 640, rowHeight = 28, labelWidth = 200 } = {},
): BarChart {
	const plotWidth = width - labelWidth - 16
	const height = Math.max(rowHeight, data.length * rowHeight)
	const y = scaleBand<string>()
		.domain(data.map((item) => item.key))
		.range([0, height])
		.padding(0.2)
	const x = scaleLinear()
		.domain([0, Math.max(1, ...data.map((item) => item.value))])
		.nice()
		.range([0, plotWidth])
	return {
		bars: data.map((item) => ({
			key: item.key,
			label: item.label,
			value: item.value,
			y: y(item.key) ?? 0,
			width: x(item.value),
			height: y.bandwidth(),
		})),
		ticks: x.ticks(5).map((value) => ({ value, x: x(value) })),
		labelWidth,
		plotWidth,
		height,
	}
}
