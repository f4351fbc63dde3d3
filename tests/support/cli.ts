import { execFile } from 'node:child_process'

export interface CliResult {
	/** The exit code: 0 on success, 2 on a usage error. */
	code: number
	stdout: string
	stderr: string
}

/** The arguments that run `npm run cli -- …args` with this process's Node (what the script runs, without npm around it). */
export function cliArguments(...args: string[]): string[] {
	return ['scripts/cli.mjs', ...args]
}

/** Runs `npm run cli -- …args` (app/cli/main.ts, built) against this process's database and environment. */
export function runCli(...args: string[]): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		execFile(process.execPath, cliArguments(...args), { env: process.env }, (error, stdout, stderr) => {
			if (error && typeof error.code !== 'number') reject(error)
			else resolve({ code: error ? Number(error.code) : 0, stdout, stderr })
		})
	})
}
