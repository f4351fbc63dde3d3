import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import { SERVER_ENTRY, serverProcessEnv } from '../../scripts/server-command.mjs'
import { until } from './wait'

export interface RunningServer {
	url: string
	process: ChildProcess
	/** Every line the server wrote, stdout and stderr. */
	output: string[]
	/**
	 * The first structured log entry that `matches`, waiting up to 10 s for it (or `waitMs`): the server writes
	 * a request's log line after the response, and the pipe may bring it after the test has read that response.
	 */
	logged(matches: (entry: LogEntry) => boolean, waitMs?: number): Promise<LogEntry>
	stop(signal?: NodeJS.Signals): Promise<number | null>
}

export type LogEntry = Record<string, unknown>

export function logEntries(output: string[]): LogEntry[] {
	return output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogEntry)
}

const BUILD = path.resolve(SERVER_ENTRY)

/**
 * Starts the production build (`npm run build` first) on a free loopback port, in the environment `npm
 * start` gives it (not its heap caps), with this process's test database unless `env` says otherwise.
 * Without a load balancer to drain, SIGTERM stops at once
 * (SHUTDOWN_DRAIN_SECONDS 0) unless `env` sets a drain. Load shedding is off (MAX_EVENT_LOOP_DELAY_MS 0)
 * unless `env` sets a limit: on a machine busy with other test files the event loop runs late enough to
 * shed, and a test of something else would get a 503 (overload-shutdown.test.ts tests the shedding).
 * One process (WEB_CONCURRENCY 1) unless `env` asks for workers (cluster.test.ts).
 */
export function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
	return startServerCommand([process.execPath, BUILD], {
		env: serverProcessEnv({
			...process.env,
			NODE_ENV: 'production',
			PORT: '0',
			HOST: '127.0.0.1',
			LOG_LEVEL: 'info',
			SHUTDOWN_DRAIN_SECONDS: '0',
			MAX_EVENT_LOOP_DELAY_MS: '0',
			WEB_CONCURRENCY: '1',
			...env,
		}),
	})
}

/**
 * Starts a server with exactly this command line, folder and environment (a deployed release, as its
 * systemd unit starts it); ready once it logs `server.listening`. With `processGroup`, the command gets a
 * process group of its own and `stop` signals the whole group, as Ctrl-C in a terminal does (npm, for one,
 * exits on SIGTERM without stopping the script it runs).
 */
export function startServerCommand(
	[command, ...args]: string[],
	options: { cwd?: string; env: Record<string, string | undefined>; processGroup?: boolean },
): Promise<RunningServer> {
	const child = spawn(command!, args, {
		cwd: options.cwd,
		env: options.env as NodeJS.ProcessEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: options.processGroup,
	})
	const output: string[] = []
	// 'close', not 'exit': the output is complete by then (a line written just before exiting may still be in the pipe at 'exit').
	const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
	return new Promise((resolve, reject) => {
		const onLine = (line: string) => {
			output.push(line)
			if (!line.startsWith('{')) return
			try {
				const entry = JSON.parse(line) as { event?: string; url?: string }
				if (entry.event === 'server.listening' && entry.url) {
					resolve({
						url: entry.url.replace('localhost', '127.0.0.1'),
						process: child,
						output,
						logged: async (matches, waitMs = 10_000) => {
							let found: LogEntry | undefined
							try {
								await until(() => (found = logEntries(output).find(matches)) !== undefined, 'such a log entry', {
									timeoutMs: waitMs,
									intervalMs: 20,
								})
							} catch (error) {
								throw new Error(`${(error as Error).message}; the last lines:\n${output.slice(-20).join('\n')}`)
							}
							return found!
						},
						stop: async (signal = 'SIGTERM') => {
							if (child.exitCode === null) {
								if (options.processGroup) process.kill(-child.pid!, signal)
								else child.kill(signal)
							}
							const code = await exited
							if (code !== 0) process.stderr.write(`server exited with ${code}; its last lines:\n${output.slice(-30).join('\n')}\n`)
							return code
						},
					})
				}
			} catch {
				/* not a log line */
			}
		}
		readline.createInterface({ input: child.stdout! }).on('line', onLine)
		readline.createInterface({ input: child.stderr! }).on('line', onLine)
		void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output.join('\n')}`)))
	})
}
