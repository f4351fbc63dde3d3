/** The file, in the bench's data folder, where scripts/bench-setup.ts leaves what scripts/bench.ts needs to know of the data. */
export const BENCH_FACTS = 'bench-facts.json'

export interface BenchFacts {
	/** Stations in the scoped operator's two provinces (the demo data spreads stations at random). */
	scopedStations: number
}
