// Loaded into a test server with `--import` (see `outboxHold` in mail.ts), never into a real one: while the
// file TEST_OUTBOX_HOLD names exists, the server's write of a queued message (`*.eml.partial`) waits, and
// each write that reaches the hold adds a line to `<that file>.reached`.
import fs from 'node:fs'

const hold = process.env.TEST_OUTBOX_HOLD
const writeFile = fs.promises.writeFile

if (hold) {
	fs.promises.writeFile = async function heldWriteFile(file, ...rest) {
		if (typeof file === 'string' && file.endsWith('.eml.partial')) {
			fs.appendFileSync(`${hold}.reached`, `${file}\n`)
			while (fs.existsSync(hold)) await new Promise((resolve) => setTimeout(resolve, 20))
		}
		return writeFile.call(this, file, ...rest)
	}
}
