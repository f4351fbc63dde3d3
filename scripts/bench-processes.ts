// The processes the bench runs: the built server, as `npm start` starts it, and the load workers.
import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import readline from 'node:readline'
import type { LoadJob, LoadResult } from './bench-load'
import { SERVER_ENTRY, serverNodeFlags, serverProcessEnv } from './server-command.mjs'

export function rssMb(pid: number) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** One worker process; `run` sends a job and waits for its answer. */
export function startWorker() {
	const child = fork('scripts/bench-load.ts', [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' })
	const waiting: Array<(message: { ok: boolean; result?: LoadResult; error?: string }) => void> = []
	child.on('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => waiting.shift()?.(message))
	return {
		child,
		run(job: LoadJob): Promise<LoadResult> {
			return new Promise((resolve, reject) => {
				waiting.push((message) => (message.ok ? resolve(message.result!) : reject(new Error(message.error))))
				child.send(job)
			})
		},
	}
}

/**
 * Starts the built server as `npm start` does and waits until it listens; `stop` ends it with SIGTERM (an exit
 * other than 0 is added to `failures`).
 */
export async function startServer(env: NodeJS.ProcessEnv, failures: string[], onLine: (line: string) => void = () => {}) {
	const server = spawn(process.execPath, [...serverNodeFlags(), SERVER_ENTRY], {
		env: serverProcessEnv(env),
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	const exited = new Promise<number | null>((resolve) => server.on('exit', resolve))
	const stop = async () => {
		server.kill('SIGTERM')
		const code = await exited
		if (code !== 0) failures.push(`the server (WEB_CONCURRENCY=${env.WEB_CONCURRENCY}) exited with ${code} on SIGTERM`)
	}
	try {
		const base = await new Promise<string>((resolve, reject) => {
			readline.createInterface({ input: server.stdout! }).on('line', (line) => {
				onLine(line)
				if (line.includes('"server.listening"')) resolve((JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1'))
			})
			void exited.then((code) => reject(new Error(`server exited with ${code}`)))
		})
		return { base, pid: server.pid!, stop }
	} catch (error) {
		await stop()
		throw error
	}
}
