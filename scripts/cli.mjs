// `npm run cli -- <command>`: the operators' commands (app/cli/main.ts). The built CLI when the build is
// current, as `npm start` serves the built server; after a source changed (a checkout not built yet), the
// sources through tsx, without building: a build here would rewrite files under a running server.
import { spawn } from 'node:child_process'
import module from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildIsCurrent } from './build-freshness.mjs'
import { CLI_ENTRY, COMPILE_CACHE_DIR } from './server-command.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (buildIsCurrent(CLI_ENTRY, root)) {
	// As the server does (server-command.mjs); Node 20 has no compile cache.
	module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR)
	await import(pathToFileURL(path.join(root, CLI_ENTRY)).href)
} else {
	const tsx = fileURLToPath(import.meta.resolve('tsx/cli'))
	const child = spawn(process.execPath, [tsx, path.join(root, 'app/cli/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' })
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
