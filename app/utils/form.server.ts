import { data } from '@remix-run/node'
import { z } from 'zod'
import { CSRF_FIELD, csrfTokenFromRequest, tokensMatch } from '~/security/csrf.server'
import { requestContext } from './logger.server'

/** A translation key with its interpolation values, as zod issues carry them. */
export interface FieldError {
	key: string
	values?: Record<string, string | number>
}
export type FieldErrors = Record<string, FieldError>

export interface FormFailure {
	ok: false
	errors: FieldErrors
	/** What the user typed (passwords excluded), to put back into the form. */
	values: Record<string, string>
}

/** A text field as posted: a missing or non-text value (a file, a repeated field's absence) reads as empty. */
export const formText = z.unknown().transform((value) => (typeof value === 'string' ? value : ''))

const SECRET_FIELDS = /password|token|csrf/i

/** Rejects a form whose CSRF token does not match the cookie's: a 403 the error page explains. */
export function assertCsrf(request: Request, formData: FormData) {
	if (!tokensMatch(csrfTokenFromRequest(request), formData.get(CSRF_FIELD))) {
		throw data({ reason: 'csrf' }, { status: 403 })
	}
}

/** Encodes a translation key and its values as a zod issue message. */
export function issue(key: string, values?: Record<string, string | number>) {
	return values ? JSON.stringify({ key, values }) : key
}

/**
 * zod's own issues (a field missing or of the wrong type, an unknown option) as our translation keys, so
 * that its English text never reaches a user; a message the schema gives (`issue(…)`) still comes first.
 * Passed to every `safeParse` of a form or API body.
 */
export const issueAsKey: z.core.$ZodErrorMap = (problem) => {
	switch (problem.code) {
		case 'invalid_type':
			return problem.input === undefined ? 'validation.required' : 'validation.invalid'
		case 'too_big':
			return problem.origin === 'string' ? issue('validation.tooLong', { max: Number(problem.maximum) }) : 'validation.invalid'
		case 'too_small':
			return problem.origin === 'string' && Number(problem.minimum) <= 1 ? 'validation.required' : 'validation.invalid'
		case 'invalid_format':
			return problem.format === 'email' ? 'validation.email' : 'validation.invalid'
		default:
			return 'validation.invalid'
	}
}

function toFieldError(message: string): FieldError {
	if (message.startsWith('{')) {
		try {
			return JSON.parse(message) as FieldError
		} catch {
			/* not one of ours: fall through */
		}
	}
	return { key: message }
}

/** How much of a field whose schema sets no maximum length is echoed back. */
const ECHO_LIMIT = 1000

type SchemaNode = {
	maxLength?: unknown
	shape?: Record<string, SchemaNode>
	def: { type: string; innerType?: SchemaNode; in?: SchemaNode; out?: SchemaNode; options?: SchemaNode[] }
}

/** The schema under optional, default, preprocess and pipe wrappers: where `shape` or `maxLength` lives. */
function unwrapped(schema: SchemaNode): SchemaNode {
	let current = schema
	for (let depth = 0; depth < 8; depth++) {
		if (current.shape || typeof current.maxLength === 'number') return current
		const { def } = current
		const next = def.innerType ?? (def.type === 'pipe' ? (def.in?.def.type === 'transform' ? def.out : def.in) : undefined)
		if (!next) return current
		current = next
	}
	return current
}

const echoLimits = new WeakMap<object, Map<string, number>>()

/** The fields a form schema knows, each with the most characters worth echoing back. */
function fieldLimits(schema: z.ZodType): Map<string, number> {
	let limits = echoLimits.get(schema)
	if (!limits) {
		limits = new Map()
		const root = unwrapped(schema as unknown as SchemaNode)
		// A union of forms (one per intent) knows the fields of each.
		for (const form of root.def.options?.map(unwrapped) ?? [root]) {
			for (const [name, field] of Object.entries(form.shape ?? {})) {
				const max = unwrapped(field).maxLength
				limits.set(name, Math.max(limits.get(name) ?? 0, typeof max === 'number' ? max : ECHO_LIMIT))
			}
		}
		echoLimits.set(schema, limits)
	}
	return limits
}

/**
 * What the user typed, to render again: only the fields `schema` knows, each cut to its maximum length
 * (a 30 MB field is not sent back), and never a password or token.
 */
export function keptValues(formData: FormData, schema: z.ZodType): Record<string, string> {
	const values: Record<string, string> = {}
	for (const [name, limit] of fieldLimits(schema)) {
		const value = formData.get(name)
		if (typeof value === 'string' && !SECRET_FIELDS.test(name)) values[name] = value.slice(0, limit)
	}
	return values
}

/**
 * The one way to read a form: checks the CSRF token, validates with `schema`, and on failure gives
 * translated-key errors per field plus the user's values to render again.
 */
export async function parseForm<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
): Promise<
	{ ok: true; data: z.output<Schema>; formData: FormData; values: Record<string, string> } | (FormFailure & { formData: FormData })
> {
	const formData = await request.formData()
	assertCsrf(request, formData)
	const input: Record<string, FormDataEntryValue> = {}
	for (const [name, value] of formData) input[name] = value
	const result = schema.safeParse(input, { error: issueAsKey })
	if (result.success) return { ok: true, data: result.data, formData, values: keptValues(formData, schema) }
	const errors: FieldErrors = {}
	for (const problem of result.error.issues) {
		const field = String(problem.path[0] ?? 'form')
		errors[field] ??= toFieldError(problem.message)
	}
	return { ok: false, errors, values: keptValues(formData, schema), formData }
}

/**
 * Records that this request's form was refused: a document rendered for it (a post without JavaScript)
 * gets the translated "Error:" before its title (see the root loader). `invalid` calls it; an action
 * that answers a refused form another way calls it too.
 */
export function noteFormFailed() {
	const context = requestContext.getStore()
	if (context) context.formFailed = true
}

/** A 4xx answer carrying field errors, an optional form-level message, and the values to keep. */
export function invalid(
	failure: { errors?: FieldErrors; values: Record<string, string>; formError?: string },
	init: { status?: number; headers?: HeadersInit } = {},
) {
	noteFormFailed()
	return data(
		{ ok: false as const, errors: failure.errors ?? {}, values: failure.values, formError: failure.formError ?? null },
		{ status: init.status ?? 400, headers: init.headers },
	)
}
