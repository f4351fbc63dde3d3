import { describe, expect, test } from 'vitest'
import { de, vn } from '~/i18n/messages'
import { allowedMethods, answerApi, finishApiAnswer } from './api.server'

const request = (headers: Record<string, string> = {}, method = 'GET') => new Request('http://portal.test/api/x', { method, headers })

describe('an answer leaving the API', () => {
	test("Remix's own error text becomes a translated message, in the answer's language", async () => {
		const plain = new Response('Unexpected Server Error', { status: 500, headers: { 'Content-Type': 'text/plain' } })
		const answer = await finishApiAnswer(request({ 'Accept-Language': 'de' }), plain)
		expect(answer.status).toBe(500)
		expect(answer.headers.get('Content-Language')).toBe('de')
		expect(await answer.json()).toEqual({ message: de.errors.serverErrorTitle })
	})

	test("a route's own answer is kept and names its language", async () => {
		const answer = await finishApiAnswer(request(), Response.json({ unread: 3 }))
		expect(answer.headers.get('Content-Language')).toBe('vi')
		expect(await answer.json()).toEqual({ unread: 3 })
	})
})

describe('an API route table', () => {
	const methods = { GET: () => Response.json({ got: true }), DELETE: () => Response.json({ deleted: true }) }

	test('gives Allow with HEAD beside GET', () => {
		expect(allowedMethods(methods)).toEqual(['GET', 'HEAD', 'DELETE'])
		expect(allowedMethods({ POST: () => new Response() })).toEqual(['POST'])
	})

	test('dispatches HEAD to GET and refuses the rest with 405 and Allow', async () => {
		const args = (method: string) => ({ request: request({}, method), params: {}, context: {} })
		expect(await (await answerApi(methods, args('HEAD'))).json()).toEqual({ got: true })
		expect(await (await answerApi(methods, args('DELETE'))).json()).toEqual({ deleted: true })
		for (const method of ['POST', 'PUT', 'OPTIONS']) {
			const refused = await answerApi(methods, args(method))
			expect(refused.status).toBe(405)
			expect(refused.headers.get('Allow')).toBe('GET, HEAD, DELETE')
			expect(await refused.json()).toEqual({ message: vn.errors.request.methodNotAllowed })
		}
	})
})
