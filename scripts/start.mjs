// `npm start`: builds when the build is missing or older than the sources, then serves it in production mode.
import { execFileSync, spawn } from 'node:child_process'
import { builtAt, buildIsCurrent } from './build-freshness.mjs'
import { SERVER_ENTRY, serverNodeFlags, serverProcessEnv } from './server-command.mjs'

const BUILD = SERVER_ENTRY

if (!buildIsCurrent(BUILD)) {
	console.log(builtAt(BUILD) === 0 ? 'No build yet: building…' : 'Sources changed since the last build: building…')
	execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
}

const child = spawn(process.execPath, [...serverNodeFlags(), BUILD], {
	stdio: 'inherit',
	env: serverProcessEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
