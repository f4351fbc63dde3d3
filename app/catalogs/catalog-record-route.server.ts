import { catalogText } from '~/catalogs/catalog-texts'
import type { z } from 'zod'
import type { ConflictInfo } from '~/components/catalog'
import { getDb } from '~/db/db.server'
import { getLanguage, getT } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import { can, type Grants } from '~/permissions/grants'
import { forbidden } from '~/permissions/grants.server'
import { formAction, formIntents } from '~/utils/form-action.server'
import type { FieldErrors } from '~/utils/form.server'
import { notFound } from '~/utils/responses.server'
import { EVERYWHERE, inScope, type ProvinceScope } from '~/permissions/scope'
import { differencesFrom, parseId, recordHistory } from './catalog.server'
import type { Actor } from '~/audit/audit.server'
import { recordHref, type RecordPages } from './catalog-pages'
import type { RecordTypes } from './engine/definition.server'
import type { recordStoreOf, WriteResult } from './engine/record-store.server'
import { isDeleteConfirmation } from '~/utils/delete-confirmation'

/** What a record's page shows of who last saved it (a conflict message names them). */
export interface RecordSummary {
	id: number
	code: string
	version: number
	updated_by_name: string | null
	updated_at: number
}

type Prepared<Input> = { ok: true; input: Input } | { ok: false; errors: FieldErrors }

type Purpose = 'create' | 'update'

/**
 * What a kind of record's page and new-record page do on the server (catalog records and reference
 * list items): read a record as its page shows it, validate the form, and write through the record
 * store. `Form` is the validated form, which `toInput` turns into what the store writes (a tool's station
 * code into its id).
 */
export interface CatalogRecordRoute<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string } = T['input']> {
	pages: RecordPages
	/** The form's rules when creating or updating a record, given what its listed column may take now. */
	formSchema(purpose: Purpose): Promise<z.ZodType<Form>>
	/** Resolves what the form names; without it the form is the store's input. */
	toInput?(form: Form): Promise<Prepared<T['input']>>
	getRecord(id: number): Promise<T['record'] | undefined>
	/** Where a record of provincial data lies (decision 0052); without it the records lie everywhere. */
	recordProvince?(record: T['record']): string | null
	/** The record's name in the reader's language (its page's title after its code). */
	displayName(record: T['record'], language: LanguageCode): string
	formValues(record: T['record']): Record<string, string>
	store: ReturnType<typeof recordStoreOf<T>>
	/** The field errors of each of the catalog's own refusals (all answered 400). */
	refusals: Record<T['refusal'], FieldErrors>
	/** How many records hold one whose delete was refused (a station's tools). */
	holderCount?(blocked: T['blocked']): number
}

function conflictOf<Saved extends RecordSummary>(
	formValues: (record: Saved) => Record<string, string>,
	current: Saved,
	sent: Record<string, string>,
): ConflictInfo {
	return {
		by: current.updated_by_name,
		at: current.updated_at,
		version: current.version,
		differences: differencesFrom(formValues(current), sent),
	}
}

/** The record, when there is one and it lies in the reader's scope: one outside it is unknown to them. */
async function readInScope<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	route: CatalogRecordRoute<T, Form>,
	id: number | null,
	scope: ProvinceScope,
) {
	const record = id === null ? undefined : await route.getRecord(id)
	if (!record || (route.recordProvince && !inScope(scope, route.recordProvince(record)))) return undefined
	return record
}

/** Where the reader holds `view`, and the action a form asks for (decision 0052). */
export interface RecordScopes {
	view: ProvinceScope
	write: ProvinceScope
}

const UNSCOPED: RecordScopes = { view: EVERYWHERE, write: EVERYWHERE }

/**
 * A record page's loader, after the route has checked the viewer's grant: the record (404 when there is
 * none, or it lies outside the viewer's `scope`), its form values and history, whether the page confirms a
 * delete (`isDeleteConfirmation`, the page without JavaScript) and what the user may do; `read` adds what
 * the catalog's page shows besides.
 */
export async function loadCatalogRecord<
	T extends RecordTypes & { record: RecordSummary },
	Form extends { code?: string },
	Extra extends object,
>(
	request: Request,
	params: { id?: string },
	grants: Grants,
	route: CatalogRecordRoute<T, Form>,
	read: (record: T['record'], allowed: { update: boolean; delete: boolean; export: boolean }) => Promise<Extra>,
	scope: ProvinceScope = EVERYWHERE,
) {
	const { pages } = route
	const record = await readInScope(route, parseId(params.id), scope)
	if (!record) throw notFound()
	const confirmDelete = isDeleteConfirmation(request.url)
	if (confirmDelete && !can(grants, pages.functionCode, 'delete')) throw forbidden()
	const [t, language] = [await getT(request), await getLanguage(request)]
	const allowed = {
		update: can(grants, pages.functionCode, 'update'),
		delete: can(grants, pages.functionCode, 'delete'),
		export: can(grants, pages.functionCode, 'export'),
	}
	return {
		title: confirmDelete
			? catalogText(t, pages.key, 'deleteTitle', { code: record.code })
			: `${record.code} · ${route.displayName(record, language)}`,
		record,
		values: route.formValues(record),
		history: await recordHistory(getDb(), pages.entity, record.id),
		confirmDelete,
		allowed,
		...(await read(record, allowed)),
	}
}

/** A write as a record's forms tell it: the catalog's own refusals (and a form `toInput` refused) are `invalid`, 400. */
type Written<Saved> =
	| { ok: true; id: number; code: string; changed: boolean }
	| { ok: false; reason: 'notFound' | 'codeTaken' | 'versionMissing' | 'outOfScope' }
	| { ok: false; reason: 'conflict'; current: Saved }
	| { ok: false; reason: 'invalid'; errors: FieldErrors }

type Removed<Saved> =
	| { ok: true; code: string }
	| { ok: false; reason: 'notFound' | 'outOfScope' }
	| { ok: false; reason: 'conflict'; current: Saved }
	| { ok: false; reason: 'blocked'; count: number }

async function write<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	route: CatalogRecordRoute<T, Form>,
	form: Form,
	store: (input: T['input']) => Promise<WriteResult<T>>,
): Promise<Written<T['record']>> {
	const prepared = route.toInput ? await route.toInput(form) : ({ ok: true, input: form as unknown as T['input'] } as const)
	if (!prepared.ok) return { ok: false, reason: 'invalid', errors: prepared.errors }
	const result = await store(prepared.input)
	if (result.ok) return result
	const own = route.refusals[result.reason as T['refusal']]
	// A reason the catalog has no errors for is one of the store's own, each in `Written` as WriteResult types it.
	return own ? { ok: false, reason: 'invalid', errors: own } : (result as Exclude<Written<T['record']>, { reason: 'invalid' }>)
}

const CODE_TAKEN = { status: 409, errors: { code: { key: 'catalog.errors.codeTaken' } } }
const INVALID = (result: { errors: FieldErrors }) => ({ status: 400, errors: result.errors })

/**
 * A record page's action, after the route has checked the grant for `intent` (read by `recordIntent`): the
 * delete, or the save of its form.
 */
export function catalogRecordAction<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	request: Request,
	params: { id?: string },
	user: Actor,
	intent: 'delete' | 'update',
	route: CatalogRecordRoute<T, Form>,
	{ view, write: scope }: RecordScopes = UNSCOPED,
) {
	const id = parseId(params.id)
	const { pages, store, formValues } = route
	const form = formIntents<Actor>()
	return formAction(request, {
		// The route has checked the grant; a record outside where the reader may view it is unknown to them.
		permit: async () => {
			if (id === null || !(await readInScope(route, id, view))) throw notFound()
			return user
		},
		intent,
		intents: {
			update: form({
				permission: 'update',
				schema: () => route.formSchema('update'),
				run: ({ data }) => write(route, data, (input) => store.update(id!, input, user, { scope })),
				refusals: {
					invalid: INVALID,
					codeTaken: CODE_TAKEN,
					versionMissing: { status: 409, formError: 'catalog.errors.versionMissing' },
					outOfScope: { status: 400 },
					conflict: (result, { values }) => ({ status: 409, extra: { conflict: conflictOf(formValues, result.current, values) } }),
				},
				done: ({ changed, code }) => ({
					redirect: recordHref(pages, id!),
					toast: changed ? { catalog: pages.key, text: 'saved' } : 'catalog.noChanges',
					toastValues: { code },
				}),
			}),
			delete: form({
				permission: 'delete',
				run: async ({ formData }): Promise<Removed<T['record']>> => {
					const version = String(formData.get('version') ?? '')
					const result = await store.remove(id!, /^\d{1,9}$/.test(version) ? Number(version) : null, user, undefined, scope)
					if (result.ok || ['notFound', 'outOfScope', 'conflict'].includes(result.reason)) return result as Removed<T['record']>
					// Any other refusal is the catalog's `blocked`: records still hold this one.
					return { ok: false, reason: 'blocked', count: route.holderCount!(result as T['blocked']) }
				},
				refusals: {
					outOfScope: { status: 403, formError: 'scope.errors.delete' },
					conflict: (result) => ({ status: 409, extra: { conflict: conflictOf(formValues, result.current, {}) } }),
					blocked: ({ count }) => ({ status: 409, extra: { deleteRefused: { count } } }),
				},
				done: ({ code }) => ({ redirect: pages.views.path, toast: { catalog: pages.key, text: 'deleted' }, toastValues: { code } }),
			}),
		},
	})
}

/** A new-record page's loader, after the route's check of the grant to create: its title, and what `read` adds. */
export async function loadNewCatalogRecord<Extra extends object>(request: Request, pages: RecordPages, read: () => Promise<Extra>) {
	return { title: catalogText(await getT(request), pages.key, 'new'), ...(await read()) }
}

/**
 * A new-record page's action, after the route's check of the grant to create: the record is created and
 * opened, or the form comes back with its errors.
 */
export function newCatalogRecordAction<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	request: Request,
	user: Actor,
	route: CatalogRecordRoute<T, Form>,
	scope: ProvinceScope = EVERYWHERE,
) {
	const form = formIntents<Actor>()
	return formAction(request, {
		// The route has checked the grant to create.
		permit: async () => user,
		intents: {
			create: form({
				permission: 'create',
				schema: () => route.formSchema('create'),
				run: async ({ data }) => {
					const result = await write(route, data, (input) => route.store.create(input, user, { scope }))
					// A create is refused for the catalog's reasons (400) or, whatever else the store says, as a code taken.
					return result.ok || result.reason === 'invalid' ? result : ({ ok: false, reason: 'codeTaken' } as const)
				},
				refusals: { invalid: INVALID, codeTaken: CODE_TAKEN },
				done: ({ id, code }) => ({
					redirect: recordHref(route.pages, id),
					toast: { catalog: route.pages.key, text: 'created' },
					toastValues: { code },
				}),
			}),
		},
	})
}
