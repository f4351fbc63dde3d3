import type { LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import type { TFunction } from 'i18next'
import { getApiLanguage, getApiT } from '~/i18n/api-language.server'
import { getFixedT } from '~/i18n/i18n.server'
import { languageTag, requestLanguage, type LanguageCode } from '~/i18n/languages'
import { batchedTextStream } from './batched-stream.server'
import { issueAsKey } from './form.server'

/** API routes are resource routes: they answer plain `Response.json`, never Remix `data()`. */

/** The methods an API route may handle; HEAD is GET without the body, and OPTIONS is refused (decision 0037). */
const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
type ApiMethod = (typeof API_METHODS)[number]
/** An API route's handlers by method: the one table that dispatches its requests and gives its `Allow`. */
export type ApiMethods = Partial<Record<ApiMethod, (args: LoaderFunctionArgs) => Promise<Response> | Response>>

/** What an API route's table takes, for `Allow`: HEAD wherever GET is. */
export function allowedMethods(methods: ApiMethods): string[] {
	return API_METHODS.flatMap((method) => (!methods[method] ? [] : method === 'GET' ? ['GET', 'HEAD'] : [method]))
}

/**
 * The loader and the action of every API route (docs/decisions/0037-api-methods.md):
 *
 *     export const methods = { GET: …, DELETE: … } satisfies ApiMethods
 *     export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
 *     export const action = loader
 *
 * The handler the table has for the request's method, else 405 with `Allow`. (Plain exports, no call at
 * the module's top: the browser build drops them, as it drops every loader.) The request guard reads the
 * same table (`methods`) for the methods Remix does not hand to routes.
 */
export function answerApi(methods: ApiMethods, args: LoaderFunctionArgs): Promise<Response> | Response {
	const method = args.request.method === 'HEAD' ? 'GET' : args.request.method
	const handler = API_METHODS.includes(method as ApiMethod) ? methods[method as ApiMethod] : undefined
	return handler ? handler(args) : methodNotAllowed(args.request, allowedMethods(methods))
}

/** `{message}` in the answer's language (getApiLanguage), with the status and headers given. */
export async function apiMessage(
	request: Request,
	key: string,
	{ status, headers, values }: { status: number; headers?: HeadersInit; values?: Record<string, string | number> },
) {
	const t = await getApiT(request)
	return Response.json({ message: t(key, values ?? {}) }, { status, headers })
}

/**
 * Every answer under /api as it leaves: `Content-Language` names the answer's language, and Remix's own
 * answers (an uncaught error's "Unexpected Server Error", a router refusal) become a translated `{message}`.
 */
export async function finishApiAnswer(request: Request, response: Response): Promise<Response> {
	let language: LanguageCode
	try {
		language = await getApiLanguage(request)
	} catch {
		// The user could not be read (the database is failing): the answer still names a language.
		language = requestLanguage(request.headers.get('Cookie'), request.headers.get('Accept-Language'))
	}
	let answer = response
	if (response.headers.has('X-Remix-Error') || (response.status >= 500 && !/json/i.test(response.headers.get('Content-Type') ?? ''))) {
		await response.body?.cancel()
		const key =
			response.status >= 500
				? 'errors.serverErrorTitle'
				: response.status === 404
					? 'api.notFound'
					: response.status === 405
						? 'errors.request.methodNotAllowed'
						: 'errors.badRequestTitle'
		answer = Response.json({ message: getFixedT(language)(key) }, { status: response.status })
	}
	answer.headers.set('Content-Language', languageTag(language))
	return answer
}

export function methodNotAllowed(request: Request, allowed: readonly string[]) {
	return apiMessage(request, 'errors.request.methodNotAllowed', { status: 405, headers: { Allow: allowed.join(', ') } })
}

/** Reads a JSON body (or, for simple clients, a form) and validates it; a 400 with a message otherwise. */
export async function parseApiBody<Schema extends z.ZodType>(request: Request, schema: Schema, t: TFunction): Promise<z.output<Schema>> {
	let input: unknown
	const type = request.headers.get('Content-Type') ?? ''
	try {
		input = type.includes('application/json') ? await request.json() : Object.fromEntries(await request.formData())
	} catch {
		throw Response.json({ message: t('api.invalidBody') }, { status: 400 })
	}
	const result = schema.safeParse(input, { error: issueAsKey })
	if (!result.success) {
		const errors: Record<string, string> = {}
		for (const problem of result.error.issues) {
			const field = String(problem.path[0] ?? 'body')
			if (errors[field]) continue
			let key = problem.message
			let values: Record<string, string | number> | undefined
			if (key.startsWith('{')) ({ key, values } = JSON.parse(key) as { key: string; values?: Record<string, string | number> })
			errors[field] = t(key, values ?? {})
		}
		throw Response.json({ message: t('validation.formHasErrors'), errors }, { status: 400 })
	}
	return result.data
}

/** An account that must change its password uses the API only after changing it on the site. */
export function passwordChangeRequired(request: Request) {
	return apiMessage(request, 'api.passwordChangeRequired', { status: 403 })
}

/** An account that must have a second factor (REQUIRE_MFA_FOR) uses the API only after setting it up on the site. */
export function secondFactorRequired(request: Request) {
	return apiMessage(request, 'api.secondFactorRequired', { status: 403 })
}

/** The seed's user shape. `username` is the email: accounts are identified by email. */
export function toApiUser(user: { id: number; email: string; first_name: string; last_name: string; display_name: string }) {
	return {
		id: user.id,
		username: user.email,
		email: user.email,
		firstName: user.first_name,
		lastName: user.last_name,
		TenNhanVien: user.display_name,
	}
}

/**
 * A JSON array streamed from batches of rows (`[item, …]`, as Response.json would give it): a long list is
 * never held whole in memory nor serialised in one go.
 */
export function jsonArrayResponse<Row>(batches: AsyncIterable<Row[]>, toItem: (row: Row) => unknown): Response {
	let separator = ''
	const render = (rows: Row[]) => {
		const items = separator + rows.map((row) => JSON.stringify(toItem(row))).join(',')
		separator = ','
		return items
	}
	return new Response(batchedTextStream({ head: '[', batches, render, tail: ']' }), {
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	})
}
