// Loaded into a test server with `--import` (see `outboxHold` in mail.ts), never into a real one: while the
// file TEST_OUTBOX_HOLD names exists, the server's writes of queued messages (`*.eml.partial`) and of held
// ones (`*.held`, decision 0065) wait, except the first N in all when the file holds the number N; each
// write that reaches the hold adds a line to `<that file>.reached`.
import fs from 'node:fs'

const hold = process.env.TEST_OUTBOX_HOLD
const writeFile = fs.promises.writeFile

/** How many writes in all pass the hold; every one when it is off. */
function passing() {
	try {
		return Number(fs.readFileSync(hold, 'utf8') || 0)
	} catch {
		return Infinity
	}
}

if (hold) {
	fs.promises.writeFile = async function heldWriteFile(file, ...rest) {
		if (typeof file === 'string' && (file.endsWith('.eml.partial') || file.endsWith('.held'))) {
			fs.appendFileSync(`${hold}.reached`, `${file}\n`)
			const reached = fs.readFileSync(`${hold}.reached`, 'utf8').split('\n').filter(Boolean).length
			while (reached > passing()) await new Promise((resolve) => setTimeout(resolve, 20))
		}
		return writeFile.call(this, file, ...rest)
	}
}
