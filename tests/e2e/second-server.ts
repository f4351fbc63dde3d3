import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { SERVER_ENTRY, serverNodeFlags, serverProcessEnv } from '../../scripts/server-command.mjs'
import { until } from '../support/wait'
import { E2E_PORT, ROOT_DIR, serverEnv } from './env.mjs'

export interface SecondServer {
	baseUrl: string
	stop(): Promise<void>
}

/**
 * A second portal server on the run's own database with a few settings changed (REQUIRE_MFA_FOR, say):
 * cheaper than a database of its own, and the users the fixture creates exist there too. Its port is
 * the run's plus 10, plus 1 for the `js` project, so that both projects can have one at the same time.
 */
export function secondServerPort(project: string): number {
	return E2E_PORT + 10 + (project === 'js' ? 1 : 0)
}

export async function startSecondServer(project: string, env: Record<string, string>): Promise<SecondServer> {
	const port = secondServerPort(project)
	const baseUrl = `http://127.0.0.1:${port}`
	const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT_DIR, SERVER_ENTRY)], {
		cwd: ROOT_DIR,
		env: serverProcessEnv({ ...process.env, ...serverEnv, PORT: String(port), ...env }),
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	try {
		await until(
			() => {
				if (child.exitCode !== null) throw new Error(`the second server (port ${port}) exited with ${child.exitCode}`)
				return fetch(`${baseUrl}/readyz`).then(
					(response) => response.ok,
					() => false,
				)
			},
			`the second server (port ${port}) getting ready`,
			{ timeoutMs: 30_000 },
		)
	} catch (error) {
		if (child.exitCode === null) child.kill('SIGTERM')
		throw error
	}
	return {
		baseUrl,
		stop: async () => {
			if (child.exitCode === null) child.kill('SIGTERM')
			await exited
		},
	}
}
