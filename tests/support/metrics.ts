/** A Prometheus text exposition: each sample's labels and value, by metric name. */
export function samples(text: string): Map<string, { labels: Record<string, string>; value: number }[]> {
	const result = new Map<string, { labels: Record<string, string>; value: number }[]>()
	for (const line of text.split('\n')) {
		if (line === '' || line.startsWith('#')) continue
		const [, name, labelText, value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? []
		if (!name) throw new Error(`not a sample line: ${line}`)
		const labels = Object.fromEntries([...(labelText ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1]!, match[2]!]))
		result.set(name, [...(result.get(name) ?? []), { labels, value: Number(value) }])
	}
	return result
}

export function value(all: ReturnType<typeof samples>, name: string, labels: Record<string, string> = {}): number | undefined {
	return all.get(name)?.find((sample) => Object.entries(labels).every(([key, expected]) => sample.labels[key] === expected))?.value
}
