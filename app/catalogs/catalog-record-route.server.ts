import { data, redirect } from '@remix-run/node'
import { catalogText } from '~/catalogs/catalog-texts'
import type { z } from 'zod'
import type { ConflictInfo } from '~/components/catalog'
import type { RecordRefusal } from '~/components/catalog-record'
import { getDb } from '~/db/db.server'
import { getLanguage, getT } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import { can, type Grants } from '~/permissions/grants'
import { forbidden } from '~/permissions/grants.server'
import { flashCatalogSuccess, flashSuccess } from '~/utils/flash.server'
import { assertCsrf, invalid, noteFormFailed, parseForm, type FieldErrors } from '~/utils/form.server'
import { notFound } from '~/utils/responses.server'
import { EVERYWHERE, inScope, type ProvinceScope } from '~/permissions/scope'
import { differencesFrom, parseId, recordHistory } from './catalog.server'
import type { Actor } from '~/audit/audit.server'
import { recordHref, type RecordPages } from './catalog-pages'
import type { RecordTypes } from './engine/definition.server'
import type { recordStoreOf } from './engine/record-store.server'
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

function refused(body: Omit<RecordRefusal, 'ok' | 'errors' | 'formError'> & Partial<RecordRefusal>, status: number) {
	noteFormFailed()
	return data<RecordRefusal>({ ok: false, errors: {}, formError: null, ...body }, { status })
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

async function prepare<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	route: CatalogRecordRoute<T, Form>,
	form: Form,
) {
	return route.toInput ? route.toInput(form) : ({ ok: true, input: form as unknown as T['input'] } as const)
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
 * none, or it lies outside the viewer's `scope`), its form values and history, whether the page confirms a delete (`isDeleteConfirmation`, the page
 * without JavaScript) and what the user may do; `read` adds what the catalog's page shows besides.
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

/** A record page's action, after the route has checked the grant for `intent`: the delete, or the save of its form. */
export async function catalogRecordAction<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	request: Request,
	params: { id?: string },
	user: Actor,
	intent: 'delete' | 'update',
	route: CatalogRecordRoute<T, Form>,
	scopes: RecordScopes = UNSCOPED,
) {
	const id = parseId(params.id)
	if (id === null || !(await readInScope(route, id, scopes.view))) throw notFound()
	return intent === 'delete' ? deleteRecord(request, id, user, route, scopes.write) : saveRecord(request, id, user, route, scopes.write)
}

async function deleteRecord<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	request: Request,
	id: number,
	user: Actor,
	route: CatalogRecordRoute<T, Form>,
	scope: ProvinceScope,
) {
	const formData = await request.formData()
	assertCsrf(request, formData)
	const versionText = String(formData.get('version') ?? '')
	const result = await route.store.remove(id, /^\d{1,9}$/.test(versionText) ? Number(versionText) : null, user, undefined, scope)
	if (result.ok) {
		await flashCatalogSuccess(request, route.pages.key, 'deleted', { code: result.code })
		return redirect(route.pages.views.path)
	}
	const refusal = result as { reason: string; current?: T['record'] }
	if (refusal.reason === 'notFound') throw notFound()
	if (refusal.reason === 'outOfScope') return refused({ values: {}, formError: 'scope.errors.delete' }, 403)
	if (refusal.reason === 'conflict') return refused({ values: {}, conflict: conflictOf(route.formValues, refusal.current!, {}) }, 409)
	return refused({ values: {}, deleteRefused: { count: route.holderCount!(result as T['blocked']) } }, 409)
}

async function saveRecord<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	request: Request,
	id: number,
	user: Actor,
	route: CatalogRecordRoute<T, Form>,
	scope: ProvinceScope,
) {
	const form = await parseForm(request, await route.formSchema('update'))
	if (!form.ok) return invalid(form)
	const values = form.values
	const prepared = await prepare(route, form.data)
	if (!prepared.ok) return refused({ values, errors: prepared.errors }, 400)
	const result = await route.store.update(id, prepared.input, user, { scope })
	if (result.ok) {
		if (result.changed) await flashCatalogSuccess(request, route.pages.key, 'saved', { code: result.code })
		else await flashSuccess(request, 'catalog.noChanges', { code: result.code })
		return redirect(recordHref(route.pages, id))
	}
	switch (result.reason) {
		case 'notFound':
			throw notFound()
		case 'codeTaken':
			return refused({ values, errors: { code: { key: 'catalog.errors.codeTaken' } } }, 409)
		case 'versionMissing':
			return refused({ values, formError: 'catalog.errors.versionMissing' }, 409)
		case 'conflict':
			return refused({ values, conflict: conflictOf(route.formValues, (result as { current: T['record'] }).current, values) }, 409)
		default:
			return refused({ values, errors: route.refusals[result.reason as T['refusal']] }, 400)
	}
}

/** A new-record page's loader, after the route's check of the grant to create: its title, and what `read` adds. */
export async function loadNewCatalogRecord<Extra extends object>(request: Request, pages: RecordPages, read: () => Promise<Extra>) {
	return { title: catalogText(await getT(request), pages.key, 'new'), ...(await read()) }
}

/** A new-record page's action, after the route's check of the grant to create: the record is created and opened, or the form comes back with its errors. */
export async function newCatalogRecordAction<T extends RecordTypes & { record: RecordSummary }, Form extends { code?: string }>(
	request: Request,
	user: Actor,
	route: CatalogRecordRoute<T, Form>,
	scope: ProvinceScope = EVERYWHERE,
) {
	const form = await parseForm(request, await route.formSchema('create'))
	if (!form.ok) return invalid(form)
	const values = form.values
	const prepared = await prepare(route, form.data)
	if (!prepared.ok) return invalid({ errors: prepared.errors, values }, { status: 400 })
	const result = await route.store.create(prepared.input, user, { scope })
	if (!result.ok) {
		const ownRefusal = route.refusals[result.reason as T['refusal']]
		return ownRefusal
			? invalid({ errors: ownRefusal, values }, { status: 400 })
			: invalid({ errors: { code: { key: 'catalog.errors.codeTaken' } }, values }, { status: 409 })
	}
	await flashCatalogSuccess(request, route.pages.key, 'created', { code: result.code })
	return redirect(recordHref(route.pages, result.id))
}
