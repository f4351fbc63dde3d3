// Builds the app and server into build/index.js, the browser assets into public/build and the command-line
// tool into build/cli.js, copies the icon font, keeps the rules of Bootstrap the app uses, then stamps the
// version, build date and commit the footer and /api/version report.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { build } from 'esbuild'
import { recordPackages } from './build-freshness.mjs'
import { sourceCommit } from './build-info.mjs'
import { appSources, classWords, usedCss } from './used-css.mjs'
import { rewriteAsAscii } from './ascii-source.mjs'
import { CLI_ENTRY, SERVER_ENTRY, SERVER_EXTERNAL_PACKAGES } from './server-command.mjs'

// Checked first: a bad SOURCE_COMMIT stops the build before it starts.
const commit = sourceCommit()
const vendor = 'public/vendor/boxicons'
fs.rmSync(vendor, { recursive: true, force: true })
fs.mkdirSync(`${vendor}/css`, { recursive: true })
fs.mkdirSync(`${vendor}/fonts`, { recursive: true })
fs.copyFileSync('node_modules/boxicons/css/boxicons.min.css', `${vendor}/css/boxicons.min.css`)
const flags = 'public/vendor/flags'
fs.rmSync(flags, { recursive: true, force: true })
fs.mkdirSync(flags, { recursive: true })
for (const code of ['vn', 'gb', 'es', 'de', 'it', 'ru'])
	fs.copyFileSync(`node_modules/flag-icons/flags/4x3/${code}.svg`, `${flags}/${code}.svg`)
for (const font of ['boxicons.woff2', 'boxicons.woff']) fs.copyFileSync(`node_modules/boxicons/fonts/${font}`, `${vendor}/fonts/${font}`)

// Bootstrap's rules for the classes the app writes, a quarter of the whole sheet (decision 0072); root.tsx links it.
fs.writeFileSync(
	'app/styles/bootstrap.used.css',
	usedCss(fs.readFileSync('node_modules/bootstrap/dist/css/bootstrap.min.css', 'utf8'), classWords(appSources('app'))),
)

execFileSync('npx', ['remix', 'build'], { stdio: 'inherit' })
// The server with its packages in the same file (decision 0033): Node then resolves, reads and wraps one
// module instead of hundreds at every start (0.43 → 0.28 s of CPU on Node 24). Left in node_modules: native
// addons, and the packages the server loads only when a feature needs them (Firebase, mail, 2FA setup, the
// password estimator, readable logs), so that a start does not parse them.
await build({
	entryPoints: [SERVER_ENTRY],
	outfile: SERVER_ENTRY,
	allowOverwrite: true,
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	external: SERVER_EXTERNAL_PACKAGES,
	// Packages written as CommonJS call require(), which an ES module does not have.
	banner: {
		js: "import { createRequire as createRequireForPackages } from 'node:module'; const require = createRequireForPackages(import.meta.url);",
	},
	logLevel: 'warning',
})
// In ASCII only, so that V8 keeps the bundle's text at one byte a character (decision 0082): esbuild escapes
// strings and templates, not comments and regular expressions.
rewriteAsAscii(SERVER_ENTRY)
// The CLI from one file, as the server runs: it starts in half the time tsx takes to load the sources
// (0.65 against 1.6 s of CPU on Node 20). Packages stay in node_modules; `~/` is the app, as in tsconfig.json
// (an alias: esbuild would otherwise take it for a package and leave it out).
await build({
	entryPoints: ['app/cli/main.ts'],
	outfile: CLI_ENTRY,
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	alias: { '~': './app' },
	logLevel: 'warning',
})
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
fs.writeFileSync('build/version.json', JSON.stringify({ version, buildDate: new Date().toISOString(), commit }) + '\n')
// Last: the packages it was made from, by which `npm start` and `npm run cli` judge it current (scripts/build-freshness.mjs).
recordPackages()
