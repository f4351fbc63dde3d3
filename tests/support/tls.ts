import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** A throwaway self-signed certificate for 127.0.0.1, valid one day, written into `dir` as PEM files. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
	const cert = path.join(dir, 'portal.crt')
	const key = path.join(dir, 'portal.key')
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-days',
			'1',
			'-subj',
			'/CN=127.0.0.1',
			'-addext',
			'subjectAltName=IP:127.0.0.1',
			'-keyout',
			key,
			'-out',
			cert,
		],
		{ stdio: 'pipe' },
	)
	return { cert, key }
}
