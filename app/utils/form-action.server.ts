import { data, redirect } from '@remix-run/node'
import type { z } from 'zod'
import type { CatalogTextName } from '~/catalogs/catalog-texts'
import type { Action } from '~/permissions/actions'
import { flashCatalogSuccess, flashSuccess } from './flash.server'
import { assertCsrf, noteFormFailed, parseForm, type FieldErrors } from './form.server'
import { postedIntent } from './intent.server'
import { notFound } from './responses.server'

/** What a domain call answers: done, or refused for a reason (`notFound`, `delegation`, `conflict`, or the page's own). */
type Outcome = { ok: true } | { ok: false; reason: string }
type Failure<Result> = Extract<Result, { ok: false }>
type Success<Result> = Extract<Result, { ok: true }>

/**
 * Reasons every form page answers the same way: `notFound` → the 404 page; `delegation` (decision 0054) → 403
 * with the rule's reason; `conflict` (the record changed since the form was read) → 409. A page may still
 * tell `delegation` or `conflict` its own way in `refusals`.
 */
type SharedReason = 'notFound' | 'delegation' | 'conflict'

/** How a refusal is told: its status, a form-level message and/or field errors; the typed values are kept unless `keep` is false. */
export interface Refusal {
	status: number
	formError?: string
	errors?: FieldErrors
	keep?: boolean
	/** The values to render again instead of the typed ones (e.g. the address as it was read). */
	values?: Record<string, string>
	/** More for the page to render again (e.g. the boxes ticked). */
	extra?: Record<string, unknown>
	/** E.g. `Retry-After` on a throttled form. */
	headers?: HeadersInit
}

/** The form as read: the schema's output, the raw fields, the values to render again, and what `check` found. */
export interface ReadForm<Data, Checked> {
	data: Data
	formData: FormData
	values: Record<string, string>
	checked: Checked
}

/** A catalog's page text (`created`, `saved`, `deleted`) as a toast, put into words with the catalog's noun when shown. */
export interface CatalogToast {
	catalog: string
	text: CatalogTextName
}

/**
 * Success: a redirect (with a toast, unless the next page says enough), or (`answer`) the same page again with
 * something to show once; either may carry `headers` (e.g. a cookie set without leaving the page).
 */
export type Done =
	| { redirect: string; toast?: string | CatalogToast; toastValues?: Record<string, string | number>; headers?: HeadersInit }
	| { answer: object; headers?: HeadersInit }

/** A refusal told by a function may be async (e.g. it throws a redirect whose signed cookie it awaits). */
type RefusalOf<Result, Data, Checked> = Refusal | ((result: Result, form: ReadForm<Data, Checked>) => Refusal | Promise<Refusal>)

type CheckFailure = { ok: false; errors?: FieldErrors; formError?: string }

/**
 * The action on the page's function a form needs (checked through the route's `permit`); none for a form of
 * a page open to a signed-out visitor (`permit: 'anyone'`, its forms written with `formIntents<undefined>()`).
 */
type PermissionOf<Auth> = [Auth] extends [undefined] ? { permission?: undefined } : { permission: Action }

export type FormIntent<Auth, Data, Checked, Result extends Outcome> = FormIntentBody<Auth, Data, Checked, Result> & PermissionOf<Auth>

interface FormIntentBody<Auth, Data, Checked, Result extends Outcome> {
	/**
	 * The form's fields; a button that posts nothing but its intent has none (its CSRF token is still checked).
	 * A schema that depends on who posts (e.g. their time zone) or is read (a catalog's listed choices) is
	 * given as a function of `permit`'s answer, asked once the permission is held.
	 */
	schema?: z.ZodType<Data> | ((auth: Auth) => z.ZodType<Data> | Promise<z.ZodType<Data>>)
	/** A check beyond the schema (e.g. against the database); its errors join the schema's. */
	check?: (formData: FormData) => Promise<Checked | CheckFailure>
	/** How a form that fails its schema or check is told, when not as a 400 with its field errors. */
	onInvalid?: Refusal
	/** The values to render again instead of the schema's fields (a form whose fields are not all in its schema). */
	keep?: (formData: FormData) => Record<string, string>
	/** More to render again with every answer of this form that is not a redirect (e.g. the choices ticked, looked up). */
	extra?: (formData: FormData) => Promise<Record<string, unknown>>
	run: (form: ReadForm<Data, Checked>, auth: Auth) => Promise<Result>
	refusals: {
		[Reason in Exclude<Failure<Result>['reason'], SharedReason>]: RefusalOf<Failure<Result> & { reason: Reason }, Data, Checked>
	} & {
		[Reason in Extract<Failure<Result>['reason'], 'delegation' | 'conflict'>]?: RefusalOf<
			Extract<Result, { reason: Reason }>,
			Data,
			Checked
		>
	}
	done: (result: Success<Result>, form: ReadForm<Data, Checked>, auth: Auth) => Done | Promise<Done>
}

/**
 * The forms of a page whose `permit` gives `Auth`: `const intent = formIntents<Auth>()`, then each form is
 * `intent({ … })`, its types inferred on their own.
 */
export function formIntents<Auth>() {
	return <Data = Record<string, never>, Check extends { ok: true } | CheckFailure = { ok: true }, Result extends Outcome = Outcome>(
		intent: FormIntent<Auth, Data, Extract<Check, { ok: true }>, Result> & { check?: (formData: FormData) => Promise<Check> },
	) => intent
}

/** What a refused form (or an `answer`) gives the page to render: which form, its errors and its values. */
export interface FormAnswer<Intent extends string> {
	ok: boolean
	intent: Intent
	errors: FieldErrors
	values: Record<string, string>
	formError: string | null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each intent has its own form and result types
type AnyIntent<Auth> = FormIntentBody<Auth, any, any, any>
/** What the page's `permit` must give: what its forms' domain calls take. */
type AuthOf<Intents> = AuthOfIntent<Intents[keyof Intents]>
type AuthOfIntent<Intent> = Intent extends { run: (form: never, auth: infer Auth) => unknown } ? Auth : never

function answer<Intent extends string>(
	{ intent, errors, values, formError, ...extra }: Partial<FormAnswer<Intent>> & { intent: Intent } & Record<string, unknown>,
	status: number,
	headers?: HeadersInit,
) {
	if (status >= 400) noteFormFailed()
	const body: FormAnswer<Intent> = { ok: status < 400, intent, errors: errors ?? {}, values: values ?? {}, formError: formError ?? null }
	return data<FormAnswer<Intent> & Record<string, unknown>>({ ...extra, ...body }, { status, headers })
}

/**
 * Who may post: a page's `permit`, asked with the form's `permission` before the body is read, gives what
 * its forms' `run` take. A page open to a signed-out visitor (its route is `public`: signing in, a reset
 * link) says `'anyone'`: its forms declare no permission and their `run` are given nothing.
 */
type Permit<Intents> = Intents[keyof Intents] extends { permission: Action }
	? { permit: (action: Action) => Promise<AuthOf<Intents>> }
	: { permit: 'anyone'; intents: { [Name in keyof Intents]: Intents[Name] & { permission?: undefined } } }

type FormActionOptions<Intents> = NoInfer<Permit<Intents>> & {
	intents: Intents
	/** The form the page has read its own way (a record page's save posts no intent): no intent is read. */
	intent?: Extract<keyof Intents, string>
}

/**
 * The one action of a form page. Reads which form was posted (`intent`; a page with one form reads none,
 * nor one that names the form it read its own way), checks its permission through `permit` (before the
 * body is read), parses it with its schema (400 with the errors and the typed values), runs the domain
 * call, and answers its refusal (4xx, values kept) or its success (a redirect with a toast). An unknown or
 * missing intent is 400, once the page's first form's permission is held: a stranger learns nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the forms' own `run` says what `permit` must give
export async function formAction<const Intents extends Record<string, AnyIntent<any>>>(
	request: Request,
	{ permit, intents, intent: named }: FormActionOptions<Intents>,
) {
	type Intent = Extract<keyof Intents, string>
	const names = Object.keys(intents) as Intent[]
	const intent = named ?? (names.length === 1 ? names[0]! : await postedIntent(request, names))
	if (intent === null) {
		await permitted(permit, intents[names[0]!]!)
		return answer({ intent: names[0]!, formError: 'errors.badRequestBody' }, 400)
	}
	const spec = intents[intent]!
	const auth = await permitted(permit, spec)
	const schema = typeof spec.schema === 'function' ? await spec.schema(auth) : spec.schema
	const form = schema ? await parseForm(request, schema) : await readButton(request)
	const checked = spec.check ? await spec.check(form.formData) : { ok: true as const }
	const values = spec.keep ? spec.keep(form.formData) : form.values
	const extra = spec.extra ? () => spec.extra!(form.formData) : async () => ({})
	if (!form.ok || !checked.ok) {
		if (spec.onInvalid) return tell(intent, spec.onInvalid, values, await extra())
		const errors: FieldErrors = { ...(form.ok ? {} : form.errors), ...(checked.ok ? {} : checked.errors) }
		return answer({ ...(await extra()), intent, errors, values, formError: checked.ok ? null : (checked.formError ?? null) }, 400)
	}
	const read: ReadForm<unknown, unknown> = { data: form.data, formData: form.formData, values, checked }
	const result = (await spec.run(read, auth)) as Outcome
	if (!result.ok) return refuse(intent, result, spec, read, await extra())
	const done = await spec.done(result, read, auth)
	if ('answer' in done) return answer({ ...(await extra()), intent, ...done.answer }, 200, done.headers)
	if (typeof done.toast === 'string') await flashSuccess(request, done.toast, done.toastValues)
	else if (done.toast) await flashCatalogSuccess(request, done.toast.catalog, done.toast.text, done.toastValues ?? {})
	return redirect(done.redirect, { headers: done.headers })
}

/** What `permit` gives for `form`: a form whose permission does not match its page's `permit` is the page's mistake, never let through. */
async function permitted(permit: ((action: Action) => Promise<unknown>) | 'anyone', form: object) {
	const { permission } = form as { permission?: Action }
	if (permit === 'anyone') {
		if (permission) throw new Error(`A form open to anyone declares the permission ${permission}`)
		return undefined
	}
	if (!permission) throw new Error('A form of a page with a permit declares no permission')
	return permit(permission)
}

async function readButton(request: Request) {
	const formData = await request.formData()
	assertCsrf(request, formData)
	return { ok: true as const, data: {}, formData, values: {} as Record<string, string> }
}

async function refuse(
	intent: string,
	result: { ok: false; reason: string },
	spec: AnyIntent<unknown>,
	form: ReadForm<unknown, unknown>,
	extra: Record<string, unknown>,
) {
	const own = (spec.refusals as Record<string, RefusalOf<unknown, unknown, unknown> | undefined>)[result.reason]
	return tell(intent, typeof own === 'function' ? await own(result, form) : (own ?? sharedRefusal(result)), form.values, extra)
}

function tell(intent: string, refusal: Refusal, values: Record<string, string>, extra: Record<string, unknown>) {
	const kept = refusal.values ?? (refusal.keep === false ? {} : values)
	return answer(
		{ ...extra, intent, values: kept, errors: refusal.errors, formError: refusal.formError ?? null, ...refusal.extra },
		refusal.status,
		refusal.headers,
	)
}

function sharedRefusal(result: { ok: false; reason: string; refusal?: string }): Refusal {
	switch (result.reason) {
		case 'notFound':
			throw notFound()
		case 'delegation':
			return { status: 403, formError: `admin.delegation.${result.refusal}` }
		case 'conflict':
			return { status: 409, formError: 'catalog.conflict.title' }
		default:
			throw new Error(`No answer for the refusal ${result.reason}`)
	}
}
