import { beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import type { Action } from '~/permissions/actions'
import { createCsrfToken, csrfCookieName } from '~/security/csrf.server'
import { formAction, formIntents } from './form-action.server'
import { issue } from './form.server'

const flashes = vi.hoisted(() => [] as { message: string; values?: Record<string, string | number>; catalog?: string }[])
vi.mock('./flash.server', () => ({
	flashSuccess: async (_request: Request, message: string, values?: Record<string, string | number>) => {
		flashes.push({ message, values })
	},
	flashCatalogSuccess: async (_request: Request, catalog: string, message: string, values: Record<string, string | number>) => {
		flashes.push({ message, values, catalog })
	},
}))

const { token, cookieValue } = createCsrfToken()

function post(fields: Record<string, string>, csrf = token) {
	const body = new URLSearchParams({ csrf, ...fields }).toString()
	return new Request('http://portal.test/things/1', {
		method: 'POST',
		body,
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			'Content-Length': String(Buffer.byteLength(body)),
			Cookie: `${csrfCookieName()}=${cookieValue}`,
		},
	})
}

type Saved = { ok: true; name: string } | { ok: false; reason: 'taken' | 'conflict' | 'notFound' }

/** A page with two forms: `rename` (needs update) and `remove` (needs delete), on a fake domain. */
function page(domain: (name: string) => Saved) {
	const calls: string[] = []
	const intent = formIntents<{ who: string }>()
	const intents = {
		rename: intent({
			permission: 'update',
			schema: z.object({ name: z.string().min(1, issue('thing.required')).max(20), note: z.string().max(20).optional() }),
			run: async ({ data }) => {
				calls.push(`rename ${data.name}`)
				return domain(data.name)
			},
			refusals: { taken: { status: 409, errors: { name: { key: 'thing.taken' } } } },
			done: (result) => ({ redirect: '/things/1', toast: 'thing.saved', toastValues: { name: result.name } }),
		}),
		remove: intent({
			permission: 'delete',
			run: async () => {
				calls.push('remove')
				return { ok: true } as const
			},
			refusals: {},
			done: () => ({ redirect: '/things', toast: 'thing.deleted' }),
		}),
	}
	return { calls, intents }
}

/** `permit` as a route gives it: refuses every action but those granted, with the 403 `requirePermission` throws. */
function permitOnly(...granted: Action[]) {
	const asked: Action[] = []
	const permit = async (action: Action) => {
		asked.push(action)
		if (!granted.includes(action)) throw new Response(null, { status: 403 })
		return { who: 'someone' }
	}
	return { asked, permit }
}

/** A refused form's answer: `data(body, { status })`. */
const told = (answer: unknown) => answer as { data: Record<string, unknown>; init: ResponseInit }

async function thrown(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		return error
	}
	throw new Error('expected a thrown answer')
}

beforeEach(() => {
	flashes.length = 0
})

describe('formAction', () => {
	test('an unknown or missing intent is 400 with a translated message, after the first form’s permission', async () => {
		for (const fields of [{ intent: 'explode' }, {}] as Record<string, string>[]) {
			const { calls, intents } = page(() => ({ ok: true, name: 'x' }))
			const { asked, permit } = permitOnly('update')
			const answer = await formAction(post(fields), { permit, intents })
			expect(told(answer).init.status).toBe(400)
			expect(told(answer).data).toMatchObject({ ok: false, formError: 'errors.badRequestBody' })
			expect(asked).toEqual(['update'])
			expect(calls).toEqual([])
		}
		const { permit } = permitOnly()
		const refused = await thrown(
			formAction(post({ intent: 'explode' }), { permit, intents: page(() => ({ ok: true, name: 'x' })).intents }),
		)
		expect((refused as Response).status).toBe(403)
	})

	test('a refused permission is 403 before the form is read or the domain called', async () => {
		const { calls, intents } = page(() => ({ ok: true, name: 'x' }))
		const { asked, permit } = permitOnly('update')
		const request = post({ intent: 'remove' })
		const refused = await thrown(formAction(request, { permit, intents }))
		expect((refused as Response).status).toBe(403)
		expect(asked).toEqual(['delete'])
		expect(request.bodyUsed).toBe(false)
		expect(calls).toEqual([])
	})

	test('invalid input is 400 with the field errors and the typed values kept, nothing run', async () => {
		const { calls, intents } = page(() => ({ ok: true, name: 'x' }))
		const answer = await formAction(post({ intent: 'rename', name: '', note: 'typed' }), { permit: permitOnly('update').permit, intents })
		expect(told(answer).init.status).toBe(400)
		expect(told(answer).data).toMatchObject({
			ok: false,
			intent: 'rename',
			errors: { name: { key: 'thing.required' } },
			values: { name: '', note: 'typed' },
		})
		expect(calls).toEqual([])
		expect(flashes).toEqual([])
	})

	test('a stale save (the domain’s conflict) is 409 with the values kept', async () => {
		const { intents } = page(() => ({ ok: false, reason: 'conflict' }))
		const answer = await formAction(post({ intent: 'rename', name: 'mine' }), { permit: permitOnly('update').permit, intents })
		expect(told(answer).init.status).toBe(409)
		expect(told(answer).data).toMatchObject({ ok: false, intent: 'rename', formError: 'catalog.conflict.title', values: { name: 'mine' } })
		expect(flashes).toEqual([])
	})

	test('a refusal of the page’s own is told as its table says, values kept; a record gone is the 404 page', async () => {
		const taken = await formAction(post({ intent: 'rename', name: 'dup' }), {
			permit: permitOnly('update').permit,
			intents: page(() => ({ ok: false, reason: 'taken' })).intents,
		})
		expect(told(taken).init.status).toBe(409)
		expect(told(taken).data).toMatchObject({ errors: { name: { key: 'thing.taken' } }, values: { name: 'dup' } })
		const gone = await thrown(
			formAction(post({ intent: 'rename', name: 'x' }), {
				permit: permitOnly('update').permit,
				intents: page(() => ({ ok: false, reason: 'notFound' })).intents,
			}),
		)
		expect((gone as { init: ResponseInit }).init.status).toBe(404)
	})

	test('success redirects with the toast', async () => {
		const { calls, intents } = page((name) => ({ ok: true, name }))
		const answer = await formAction(post({ intent: 'rename', name: 'new' }), { permit: permitOnly('update').permit, intents })
		expect(answer).toBeInstanceOf(Response)
		const response = answer as unknown as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/things/1')
		expect(flashes).toEqual([{ message: 'thing.saved', values: { name: 'new' } }])
		expect(calls).toEqual(['rename new'])
	})

	test('an answer on the same page may carry headers, as a redirect does (a cookie set without leaving the page)', async () => {
		const intent = formIntents<object>()
		const cookie = { 'Set-Cookie': 'choice=b; Path=/' }
		const intents = {
			choose: intent({
				permission: 'update',
				schema: z.object({ choice: z.enum(['a', 'b']), stay: z.literal('1').optional() }),
				run: async () => ({ ok: true }) as const,
				refusals: {},
				done: (_result, { data }) => (data.stay ? { answer: { saved: true }, headers: cookie } : { redirect: '/back', headers: cookie }),
			}),
		}
		const permit = async () => ({})
		const stayed = told(await formAction(post({ choice: 'b', stay: '1' }), { permit, intents }))
		expect(stayed.init.status).toBe(200)
		expect(new Headers(stayed.init.headers).get('Set-Cookie')).toBe('choice=b; Path=/')
		expect(stayed.data).toEqual({ ok: true, intent: 'choose', errors: {}, values: {}, formError: null, saved: true })
		const left = (await formAction(post({ choice: 'b' }), { permit, intents })) as unknown as Response
		expect([left.status, left.headers.get('Location'), left.headers.get('Set-Cookie')]).toEqual([302, '/back', 'choice=b; Path=/'])
		const refused = told(await formAction(post({ choice: 'c', stay: '1' }), { permit, intents }))
		expect(refused.init.status).toBe(400)
		expect(new Headers(refused.init.headers).get('Set-Cookie')).toBeNull()
		expect(flashes).toEqual([])
	})

	test('a form without its CSRF token is refused before the domain is called', async () => {
		const { calls, intents } = page(() => ({ ok: true, name: 'x' }))
		const refused = await thrown(formAction(post({ intent: 'remove' }, 'forged'), { permit: permitOnly('delete').permit, intents }))
		expect((refused as { init: ResponseInit }).init.status).toBe(403)
		expect(calls).toEqual([])
	})

	test('a page with one form reads no intent', async () => {
		const { intents } = page((name) => ({ ok: true, name }))
		const answer = await formAction(post({ name: 'solo' }), { permit: permitOnly('update').permit, intents: { rename: intents.rename } })
		expect((answer as unknown as Response).status).toBe(302)
	})

	test('a page that read the intent its own way names it: that form is run, whatever the body says', async () => {
		const { calls, intents } = page((name) => ({ ok: true, name }))
		const answer = await formAction(post({ intent: 'rename', name: 'x' }), {
			permit: permitOnly('delete').permit,
			intents,
			intent: 'remove',
		})
		expect((answer as unknown as Response).headers.get('Location')).toBe('/things')
		expect(calls).toEqual(['remove'])
	})

	test('a schema read when the form is posted (async) is awaited once the permission is held; a catalog’s text is its toast', async () => {
		const intent = formIntents<{ who: string }>()
		const asked: string[] = []
		const intents = {
			save: intent({
				permission: 'update',
				schema: async ({ who }) => {
					asked.push(who)
					return z.object({ code: z.string().min(2, issue('thing.short')) })
				},
				run: async () => ({ ok: true }) as const,
				refusals: {},
				done: (_result, { data }) => ({
					redirect: '/things/1',
					toast: { catalog: 'stations', text: 'saved' },
					toastValues: { code: data.code },
				}),
			}),
		}
		const short = told(await formAction(post({ code: 'a' }), { permit: async () => ({ who: 'me' }), intents }))
		expect(short.init.status).toBe(400)
		expect(short.data).toMatchObject({ errors: { code: { key: 'thing.short' } }, values: { code: 'a' } })
		const saved = await formAction(post({ code: 'ab' }), { permit: async () => ({ who: 'me' }), intents })
		expect((saved as unknown as Response).status).toBe(302)
		expect(flashes).toEqual([{ message: 'saved', values: { code: 'ab' }, catalog: 'stations' }])
		expect(asked).toEqual(['me', 'me'])
	})

	test('a schema may depend on who posts; extra goes with every answer that is not a redirect; a refusal may carry headers', async () => {
		const intent = formIntents<{ max: number }>()
		const looked: string[] = []
		const intents = {
			note: intent({
				permission: 'update',
				schema: ({ max }) => z.object({ text: z.string().max(max, issue('thing.tooLong')) }),
				extra: async (formData) => {
					looked.push(String(formData.get('text')))
					return { shown: 'again' }
				},
				run: async ({ data }) => (data.text === 'slow' ? ({ ok: false, reason: 'throttled' } as const) : ({ ok: true } as const)),
				refusals: { throttled: { status: 429, formError: 'thing.throttled', headers: { 'Retry-After': '60' } } },
				done: () => ({ answer: { said: 'once' } }),
			}),
		}
		const permit = async () => ({ max: 3 })
		const tooLong = told(await formAction(post({ text: 'four' }), { permit, intents }))
		expect(tooLong.init.status).toBe(400)
		expect(tooLong.data).toMatchObject({ errors: { text: { key: 'thing.tooLong' } }, shown: 'again' })
		const slow = told(await formAction(post({ text: 'slow' }), { permit: async () => ({ max: 9 }), intents }))
		expect(slow.init.status).toBe(429)
		expect(new Headers(slow.init.headers).get('Retry-After')).toBe('60')
		expect(slow.data).toMatchObject({ formError: 'thing.throttled', shown: 'again' })
		const done = told(await formAction(post({ text: 'ok' }), { permit, intents }))
		expect(done.init.status).toBe(200)
		expect(done.data).toMatchObject({ ok: true, said: 'once', shown: 'again' })
		expect(looked).toEqual(['four', 'slow', 'ok'])
	})

	test('a refusal may give the values to render again instead of the typed ones', async () => {
		const intents = {
			rename: formIntents<{ who: string }>()({
				permission: 'update',
				schema: z.object({ name: z.string().trim().toLowerCase(), note: z.string().optional() }),
				run: async () => ({ ok: false, reason: 'taken' }) as const,
				refusals: { taken: (_result, { data }) => ({ status: 409, formError: 'thing.taken', values: { name: data.name } }) },
				done: () => ({ redirect: '/things/1' }),
			}),
		}
		const answer = told(await formAction(post({ name: '  MINE ', note: 'typed' }), { permit: permitOnly('update').permit, intents }))
		expect(answer.init.status).toBe(409)
		expect(answer.data).toMatchObject({ formError: 'thing.taken', values: { name: 'mine' } })
		expect((answer.data.values as Record<string, string>).note).toBeUndefined()
	})

	test('a redirect without a toast sets none', async () => {
		const intent = formIntents<object>()
		const answer = await formAction(post({}), {
			permit: async () => ({}),
			intents: {
				go: intent({ permission: 'update', run: async () => ({ ok: true }) as const, refusals: {}, done: () => ({ redirect: '/there' }) }),
			},
		})
		expect((answer as unknown as Response).headers.get('Location')).toBe('/there')
		expect(flashes).toEqual([])
	})

	test('a page open to anyone asks no permit: the token and schema still first, then its check (which may send the visitor away), nothing given to run', async () => {
		const given: unknown[] = []
		const intents = {
			verify: formIntents<undefined>()({
				schema: z.object({ code: z.string().min(1, issue('thing.required')) }),
				keep: () => ({}),
				check: async (formData) => {
					if (formData.get('gone')) throw new Response(null, { status: 302, headers: { Location: '/start' } })
					return { ok: true as const, pending: 'wait-1' }
				},
				run: async ({ data, checked }, auth) => {
					given.push(auth, checked.pending)
					return data.code === 'late' ? ({ ok: false, reason: 'expired' } as const) : ({ ok: true } as const)
				},
				refusals: {
					// A refusal may be async: this one throws a redirect whose cookie it awaits.
					expired: async () => {
						throw new Response(null, { status: 302, headers: { Location: await Promise.resolve('/start?expired') } })
					},
				},
				done: () => ({ redirect: '/in' }),
			}),
		}
		const forged = await thrown(formAction(post({ code: '1', gone: 'yes' }, 'forged'), { permit: 'anyone', intents }))
		expect((forged as { init: ResponseInit }).init.status).toBe(403)
		const gone = await thrown(formAction(post({ code: '', gone: 'yes' }), { permit: 'anyone', intents }))
		expect((gone as Response).headers.get('Location')).toBe('/start')
		const empty = told(await formAction(post({ code: '' }), { permit: 'anyone', intents }))
		expect(empty.init.status).toBe(400)
		expect(empty.data).toMatchObject({ errors: { code: { key: 'thing.required' } }, values: {} })
		const late = await thrown(formAction(post({ code: 'late' }), { permit: 'anyone', intents }))
		expect((late as Response).headers.get('Location')).toBe('/start?expired')
		const done = (await formAction(post({ code: '1' }), { permit: 'anyone', intents })) as unknown as Response
		expect(done.headers.get('Location')).toBe('/in')
		expect(given).toEqual([undefined, 'wait-1', undefined, 'wait-1'])
	})

	test('a form whose permission does not match its page’s permit is never let through', async () => {
		const open = formIntents<undefined>()({ run: async () => ({ ok: true }) as const, refusals: {}, done: () => ({ redirect: '/x' }) })
		const guarded = page(() => ({ ok: true, name: 'x' })).intents.remove
		const { asked, permit } = permitOnly('update', 'delete')
		// The types refuse both already (below); a page that casts its way past them fails here, before the body is read.
		const request = post({})
		await expect(formAction(request, { permit, intents: { open } } as never)).rejects.toThrow(/declares no permission/)
		await expect(formAction(request, { permit: 'anyone', intents: { guarded } } as never)).rejects.toThrow(/open to anyone declares/)
		expect(asked).toEqual([])
		expect(request.bodyUsed).toBe(false)
		const typesOnly = () => {
			// @ts-expect-error a form with a permission on a page open to anyone
			void formAction(request, { permit: 'anyone', intents: { guarded } })
			// @ts-expect-error a form without one on a page with a permit
			void formAction(request, { permit, intents: { open } })
			// @ts-expect-error the two mixed
			void formAction(request, { permit, intents: { open, guarded } })
			// @ts-expect-error a form of a page with a permit needs its permission
			formIntents<object>()({ run: async () => ({ ok: true }) as const, refusals: {}, done: () => ({ redirect: '/x' }) })
		}
		void typesOnly
	})
})
