import type { z } from 'zod'
import type { TFunction } from 'i18next'

/** API routes are resource routes: they answer plain `Response.json`, never Remix `data()`. */

/** Reads a JSON body (or, for simple clients, a form) and validates it; a 400 with a message otherwise. */
export async function parseApiBody<Schema extends z.ZodType>(request: Request, schema: Schema, t: TFunction): Promise<z.output<Schema>> {
	let input: unknown
	const type = request.headers.get('Content-Type') ?? ''
	try {
		input = type.includes('application/json') ? await request.json() : Object.fromEntries(await request.formData())
	} catch {
		throw Response.json({ message: t('api.invalidBody') }, { status: 400 })
	}
	const result = schema.safeParse(input)
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
export function passwordChangeRequired() {
	return Response.json({ message: 'Password change required' }, { status: 403 })
}

/** An account that must have a second factor (REQUIRE_MFA_FOR) uses the API only after setting it up on the site. */
export function secondFactorRequired() {
	return Response.json({ message: 'Second factor required' }, { status: 403 })
}

export function methodNotAllowed(allowed: string[]) {
	return Response.json({ message: 'Method Not Allowed' }, { status: 405, headers: { Allow: allowed.join(', ') } })
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
