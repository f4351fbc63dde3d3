// What a build records about itself (build/version.json): read by the footer and /api/version.
import { execFileSync } from 'node:child_process'

const gitHead = () => execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })

/**
 * The commit a build is made from: SOURCE_COMMIT when set (a build from an archive has no .git), else
 * git's HEAD, else "unknown". A SOURCE_COMMIT that is no commit id stops the build.
 * @param {Record<string, string | undefined>} env
 * @param {() => string} git
 * @returns {string}
 */
export function sourceCommit(env = process.env, git = gitHead) {
	const given = env.SOURCE_COMMIT?.trim()
	if (given) {
		if (!/^[\w.-]{1,64}$/.test(given))
			throw new Error('SOURCE_COMMIT must be a commit id: letters, digits, ".", "_" or "-", at most 64 characters')
		return given
	}
	try {
		return git().trim() || 'unknown'
	} catch {
		return 'unknown'
	}
}
