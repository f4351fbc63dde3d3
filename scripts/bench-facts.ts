/** The file, in the bench's data folder, where scripts/bench-setup.ts leaves what scripts/bench.ts needs to know of the data. */
export const BENCH_FACTS = 'bench-facts.json'

export interface BenchFacts {
	/** Stations in the scoped operator's two provinces (the demo data spreads stations at random). */
	scopedStations: number
	audit: {
		/** Entries written, ending at `now` (epoch ms). */
		count: number
		now: number
		/** A station with entries in the log, for the record filter and its history. */
		stationId: number
	}
	staff: {
		/** Demo staff written (db:seed-demo --users). */
		count: number
		/** The role most staff hold, its members, and one of them to sign in as. */
		bigRole: { id: number; code: string; members: number; holder: string }
		/**
		 * The function group of `addedGrant` (QUANTRI, whose matrix the save posts), the role's grants in it
		 * as its matrix posts them (`functionId:action`), and one it does not hold yet.
		 */
		group: number
		grants: string[]
		addedGrant: string
		/** A page the holder reaches only once `addedGrant` is saved. */
		addedGrantPath: string
	}
}
