// `npm start`: builds when the build is missing or older than the sources, then serves it in production mode.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { SERVER_ENTRY, serverNodeFlags, serverProcessEnv } from './server-command.mjs'

const SOURCES = ['app', 'public', 'server.ts', 'remix.config.js', 'package.json', 'tsconfig.json']
const BUILD = SERVER_ENTRY

function newestModification(entry) {
	if (!fs.existsSync(entry)) return 0
	const stat = fs.statSync(entry)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const child of fs.readdirSync(entry)) {
		if (entry === 'public' && child === 'build') continue
		newest = Math.max(newest, newestModification(path.join(entry, child)))
	}
	return newest
}

const built = fs.existsSync(BUILD) ? fs.statSync(BUILD).mtimeMs : 0
if (built === 0 || SOURCES.some((source) => newestModification(source) > built)) {
	console.log(built === 0 ? 'No build yet: building…' : 'Sources changed since the last build: building…')
	execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
}

const child = spawn(process.execPath, [...serverNodeFlags(), BUILD], {
	stdio: 'inherit',
	env: serverProcessEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
