// Playwright's webServer: a fresh database, then the built server (build/index.js) with the e2e environment.
// Build first with `npm run build`; this script never builds, so the tests always run what was built.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { SERVER_ENTRY, serverNodeFlags, serverProcessEnv } from '../../scripts/server-command.mjs'
import { DATA_DIR, E2E_DATABASE, POSTGRES_DATABASE, ROOT_DIR, serverEnv } from './env.mjs'

const BUILD = path.join(ROOT_DIR, SERVER_ENTRY)

if (!fs.existsSync(BUILD)) {
	console.error(`\n[e2e] ${path.relative(ROOT_DIR, BUILD)} is missing: run \`npm run build\` before the end-to-end tests.\n`)
	process.exit(1)
}

fs.rmSync(DATA_DIR, { recursive: true, force: true })
fs.mkdirSync(DATA_DIR, { recursive: true })

if (E2E_DATABASE === 'postgres') {
	// env.mjs has already refused to load without TEST_POSTGRES_URL.
	const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
	await client.connect()
	try {
		// WITH (FORCE) ends connections a previous, interrupted run may have left behind.
		await client.query(`DROP DATABASE IF EXISTS ${POSTGRES_DATABASE} WITH (FORCE)`)
		await client.query(`CREATE DATABASE ${POSTGRES_DATABASE}`)
	} finally {
		await client.end()
	}
}

console.log(`[e2e] starting ${path.relative(ROOT_DIR, BUILD)} on ${serverEnv.HOST}:${serverEnv.PORT} with ${E2E_DATABASE}`)
const child = spawn(process.execPath, [...serverNodeFlags(), BUILD], {
	cwd: ROOT_DIR,
	env: serverProcessEnv({ ...process.env, ...serverEnv }),
	stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('error', (error) => {
	console.error(`[e2e] could not start the server: ${error.message}`)
	process.exit(1)
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
