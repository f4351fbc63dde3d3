import fs from 'node:fs'
import path from 'node:path'
import { getConfig } from '~/config.server'
import { logger } from '~/utils/logger.server'

/**
 * A generated administrator password reaches the operator without passing through the log stream: on a
 * terminal the caller prints it; anywhere else (a service's journal, a pipe to a log collector) it is
 * written to DATA_DIR/initial-admin-password, readable by the portal's user only, and removed at that
 * account's next password change (docs/decisions/0040-first-administrator-password-and-names.md).
 */

export const INITIAL_PASSWORD_FILE = 'initial-admin-password'

export type PasswordHandOver = { to: 'terminal' } | { to: 'file'; file: string }

function passwordFile(): string {
	return path.join(getConfig().dataDir, INITIAL_PASSWORD_FILE)
}

/** The account the file is for, from its first line (`… (user 12) …`), or null. */
function fileOwner(text: string): number | null {
	const match = /\(user (\d+)\)/.exec(text.split('\n', 1)[0] ?? '')
	return match ? Number(match[1]) : null
}

/** Where `password`, just generated for `user`, goes: the terminal (the caller prints it) or the file (written here, and logged by name). */
export function handOverPassword(
	user: { id: number; email: string },
	password: string,
	{ terminal = Boolean(process.stdout.isTTY) } = {},
): PasswordHandOver {
	if (terminal) return { to: 'terminal' }
	const file = passwordFile()
	fs.mkdirSync(path.dirname(file), { recursive: true })
	// A new file, so that the mode applies (writeFile keeps an existing file's mode).
	fs.rmSync(file, { force: true })
	const text = `# Staff Portal: the temporary password of administrator <${user.email}> (user ${user.id}).\n# It must be changed at first sign-in; this file is removed then.\n${password}\n`
	fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' })
	logger.info('bootstrap.admin_password_written', { userId: user.id, email: user.email, file })
	return { to: 'file', file }
}

/** At a password change: the file of `userId`'s generated password has served its purpose. */
export function forgetInitialPassword(userId: number) {
	const file = passwordFile()
	let text: string
	try {
		text = fs.readFileSync(file, 'utf8')
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
		throw error
	}
	if (fileOwner(text) !== userId) return
	fs.rmSync(file, { force: true })
	logger.info('bootstrap.admin_password_removed', { userId, file })
}
