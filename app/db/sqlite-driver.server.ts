import { createRequire } from 'node:module'
import type SQLiteDriver from 'better-sqlite3'

const require = createRequire(import.meta.url)

/**
 * The SQLite driver for the running Node.js: better-sqlite3 13 (Node-API, prebuilt) on Node 22 and
 * later, version 12 (compiled against Node's own ABI) on Node 20. Version 12 aborts the process on Node
 * 24 when the garbage collector frees a statement (its ObjectWrap removes an environment hook Node 24
 * checks), and version 13 does not run on Node 20; both have the same API. Version 12 goes when Node 20
 * support does (docs/decisions/0015-node-versions.md).
 */
export const SQLITE_DRIVER = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-13' : 'better-sqlite3'

/** Where the driver is, for code that loads it elsewhere (the checkpoint worker). */
export const SQLITE_DRIVER_PATH = require.resolve(SQLITE_DRIVER)

const SQLite = require(SQLITE_DRIVER) as typeof SQLiteDriver
export default SQLite
