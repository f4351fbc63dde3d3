import http from 'node:http'

/**
 * A sign-in form posted slowly: its first bytes now, the rest when `finish` is called. The request is in
 * flight all along (a shutdown must let it finish); `answer` is its status and `Connection` header.
 */
export function slowSignInPost(base: string) {
	const body = new URLSearchParams({ email: 'nobody@example.com', password: 'x'.repeat(40) }).toString()
	let finish = () => {}
	const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
		const request = http.request(
			new URL('/account/login', base),
			{ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } },
			(response) => {
				response.resume()
				response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }))
			},
		)
		request.on('error', reject)
		request.write(body.slice(0, 10))
		finish = () => request.end(body.slice(10))
	})
	return { answer, finish: () => finish() }
}
