// The bench's report: the console summary and, on a full run, bench/results/<date>-<db>.json and .md (`-2`… for another run that day).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Phase } from './bench-phase'

export interface Budget {
	name: string
	value: string
	budget: string
	ok: boolean
}

export interface BenchRun {
	database: 'sqlite' | 'postgres'
	quick: boolean
	out: string
	rows: { stations: number; tools: number; imported: number; staff: number; audit: number }
	concurrency: number
	phases: Phase[]
	budgets: Budget[]
	failures: string[]
}

function commit() {
	try {
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
	} catch {
		return 'unknown'
	}
}

function markdown(run: BenchRun, date: string) {
	const { database, rows, concurrency, phases, budgets, failures } = run
	const lines = [
		`## ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${date}, commit ${commit()}`,
		'',
		`${rows.stations.toLocaleString('en')} stations, ${rows.tools.toLocaleString('en')} tools, ${rows.staff.toLocaleString('en')} staff, ${rows.audit.toLocaleString('en')} audit entries; ${os.cpus().length} cores, Node ${process.version}; throughput phases with ${concurrency} concurrent clients, latency phases one at a time.`,
		'',
		'| Phase | Requests | req/s | p50 ms | p95 ms | p99 ms | KB/answer | peak RSS MB |',
		'|---|---:|---:|---:|---:|---:|---:|---:|',
		...phases.map((entry) =>
			entry.firstByteMs === undefined
				? `| ${entry.name} | ${entry.requests} | ${entry.rps.toFixed(0)} | ${entry.p50.toFixed(1)} | ${entry.p95.toFixed(1)} | ${entry.p99.toFixed(1)} | ${entry.kbPerAnswer.toFixed(1)} | ${entry.peakRssMb.toFixed(0)} |`
				: `| ${entry.name} (first byte ${entry.firstByteMs.toFixed(0)} ms; /healthz p99 ${entry.healthzP99?.toFixed(1)} ms over ${entry.healthzRequests}) | 1 | – | ${entry.p50.toFixed(0)} | – | – | ${entry.kbPerAnswer.toFixed(0)} | ${entry.peakRssMb.toFixed(0)} |`,
		),
		'',
		'| Budget | Measured | Budget | |',
		'|---|---|---|---|',
		...budgets.map((budget) => `| ${budget.name} | ${budget.value} | ${budget.budget} | ${budget.ok ? 'met' : '**missed**'} |`),
		'',
		...(failures.length > 0 ? ['Failures:', '', ...failures.map((failure) => `- ${failure.slice(0, 200).replace(/\s+/g, ' ')}`), ''] : []),
	]
	return lines.join('\n')
}

/** Prints the summary, writes the result files on a full run and sets the exit code: 1 when a budget is missed or a request failed. */
export function report(run: BenchRun) {
	const { database, quick, out, rows, concurrency, phases, budgets, failures } = run
	console.log('')
	for (const budget of budgets) console.log(`${budget.ok ? 'PASS' : 'MISS'}  ${budget.name}: ${budget.value} (budget ${budget.budget})`)
	for (const failure of failures) console.log(`FAIL  ${failure}`)
	const missed = budgets.filter((budget) => !budget.ok)
	if (!quick) {
		const date = new Date().toISOString().slice(0, 10)
		fs.mkdirSync(out, { recursive: true })
		// A second run on the same day is kept beside the first: `<date>-<db>-2`, and so on.
		let file = path.join(out, `${date}-${database}`)
		for (let run = 2; fs.existsSync(`${file}.json`); run++) file = path.join(out, `${date}-${database}-${run}`)
		fs.writeFileSync(
			`${file}.json`,
			`${JSON.stringify({ date, commit: commit(), database, rows, machine: { cores: os.cpus().length, node: process.version }, concurrency, phases, budgets, failures }, null, '\t')}\n`,
		)
		fs.writeFileSync(`${file}.md`, markdown(run, date))
		console.log(`\nWritten: ${file}.json and ${file}.md`)
	}
	if (quick)
		console.log(
			failures.length === 0 ? '\nQuick run: every phase answered (no budgets checked).' : `\nQuick run: ${failures.length} failure(s).`,
		)
	else
		console.log(
			missed.length + failures.length === 0 ? '\nAll budgets met.' : `\n${missed.length} budget(s) missed, ${failures.length} failure(s).`,
		)
	process.exitCode = missed.length + failures.length === 0 ? 0 : 1
}
