import { onQuery } from '~/db/db.server'

/** What `run` returns, and the SQL of every query made in this process while it ran (tests count and read them). */
export async function queriesDuring<Result>(run: () => Promise<Result>): Promise<{ result: Result; statements: string[] }> {
	const statements: string[] = []
	const stop = onQuery((text) => statements.push(text))
	try {
		return { result: await run(), statements }
	} finally {
		stop()
	}
}
