// Builds the app and server into build/index.js and the browser assets into public/build,
// then stamps the version and build date the footer and /api/version report.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

execFileSync('npx', ['remix', 'build'], { stdio: 'inherit' })
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
fs.writeFileSync('build/version.json', JSON.stringify({ version, buildDate: new Date().toISOString() }) + '\n')
