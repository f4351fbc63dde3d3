import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '~/i18n/languages'
import type { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import type { CatalogPageComponents } from '~/catalogs/routes/page-contracts'
import {
	ITEM_FIELDS,
	LABEL_LANGUAGES,
	REFERENCE_CODE_MAX,
	SORT_ORDER_MAX,
	labelField,
	listPages,
	listText,
} from '~/reference-lists/definitions'
import type { ReferenceListDefinition } from '~/reference-lists/definition'
import type { ItemListRow } from '~/reference-lists/reference-lists.server'
import type { itemLoader, newItemLoader, referenceListLoader } from '~/reference-lists/routes.server'
import type { FieldErrors } from '~/utils/form.server'
import type { CatalogFormProps } from './catalog-form'
import { CatalogListPage, type CatalogColumn } from './catalog-list'
import { CatalogNewRecordPage, CatalogRecordPage, type RecordRefusal } from './catalog-record'
import { CsvImportPage } from './csv-import'
import { definedLabels, FieldList, type FieldDefinition } from './field-list'
import { CsrfInput, FormButtons, ErrorSummary } from './forms'

/** The pages of every reference list (station types, tool categories): the definition in the loader data says which. */

const HEADING_ID = 'reference-item-heading'

/** The catalog list of the records that name `code` (the stations of a type, the tools of a category). */
function usersHref(list: ReferenceListDefinition, code: string) {
	return `${list.usedBy.listPath}?${list.usedBy.column}=${encodeURIComponent(code)}`
}

/** Labels of an item's fields (the form, the history, the conflict message). */
function useItemFieldLabel() {
	const { t } = useTranslation()
	return (field: string) => t(`referenceLists.fields.${field}`, { defaultValue: field })
}

/** A list's page: the catalogs' list page (search, sort, pages, columns and saved views, bulk actions) with the item's label as its name. */
export function ReferenceListPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof referenceListLoader>()
	const { list } = page
	const columns: CatalogColumn<ItemListRow>[] = [
		{ key: 'sortOrder', label: t('referenceLists.fields.sortOrder'), sortable: true, alignEnd: true, cell: (item) => item.sort_order },
		{
			key: 'usage',
			label: t(listText(list, 'usage')),
			alignEnd: true,
			cell: (item) => (item.usage_count > 0 ? <Link to={usersHref(list, item.code)}>{item.usage_count}</Link> : '0'),
		},
	]
	return (
		<CatalogListPage
			pages={listPages(list)}
			page={page}
			columns={columns}
			filters={[]}
			notice={<p className="text-body-secondary">{t(listText(list, 'intro'))}</p>}
		/>
	)
}

/** The create and edit form: the code only when creating (it never changes afterwards). */
function ItemForm({ action, values, errors, formError, submitLabel, cancelHref, withCode }: CatalogFormProps & { withCode: boolean }) {
	const { t } = useTranslation()
	const fieldLabel = useItemFieldLabel()
	const codeAndOrder: FieldDefinition[] = [
		...(withCode ? [{ name: 'code', hint: t('referenceLists.hints.code', { max: REFERENCE_CODE_MAX }) }] : []),
		{ name: 'sortOrder', hint: t('referenceLists.hints.sortOrder', { max: SORT_ORDER_MAX }), inputMode: 'numeric' as const },
	].map((field) => ({ ...field, label: fieldLabel(field.name), autoComplete: 'off', required: true, columns: 'col-md-6' }))
	const labels: FieldDefinition[] = LABEL_LANGUAGES.map((language) => ({
		name: labelField(language),
		label: fieldLabel(labelField(language)),
		lang: LANGUAGES.find((entry) => entry.code === language)?.tag,
		autoComplete: 'off',
		required: language === 'vn',
		columns: 'col-md-6',
	}))
	return (
		<Form method="post" action={action} noValidate className="catalog-form card card-body mb-3" aria-label={t('referenceLists.formLabel')}>
			<ErrorSummary errors={errors} formError={formError} labels={definedLabels([...codeAndOrder, ...labels])} />
			<CsrfInput />
			<input type="hidden" name="version" value={values.version ?? ''} />
			<div className="row">
				<FieldList fields={codeAndOrder} values={values} errors={errors} />
			</div>
			<fieldset>
				<legend className="h6">{t('referenceLists.labelsLegend')}</legend>
				<p className="form-text mt-0">{t('referenceLists.hints.labels')}</p>
				<div className="row">
					<FieldList fields={labels} values={values} errors={errors} />
				</div>
			</fieldset>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}

export function NewReferenceItemPage() {
	const { list, values } = useLoaderData<typeof newItemLoader>()
	return (
		<CatalogNewRecordPage
			pages={listPages(list)}
			answer={useActionData<{ errors: FieldErrors; values: Record<string, string> }>()}
			initialValues={values}
			form={(props) => <ItemForm {...props} withCode />}
			headingId={HEADING_ID}
		/>
	)
}

/** An item's page: the catalogs' record page, named by its label in the reader's language, with its usage among the facts. */
export function ReferenceItemPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof itemLoader>()
	const { list, record: item, label, values } = page
	const fieldLabel = useItemFieldLabel()
	const users = usersHref(list, item.code)
	return (
		<CatalogRecordPage
			pages={listPages(list)}
			page={{ ...page, record: { ...item, name: label } }}
			answer={useActionData<RecordRefusal>()}
			labels={{ fieldLabel, valueLabel: (_field, value) => value }}
			form={(props) => <ItemForm {...props} withCode={false} />}
			facts={
				<>
					<dt className="col-sm-3">{t('referenceLists.fields.code')}</dt>
					<dd className="col-sm-9">{item.code}</dd>
					<dt className="col-sm-3">{t(listText(list, 'usage'))}</dt>
					<dd className="col-sm-9">
						<Link to={users} className="link-on-page">
							{item.usage_count}
						</Link>
					</dd>
				</>
			}
			fields={[
				...LABEL_LANGUAGES.map((language) => ({ label: fieldLabel(labelField(language)), value: values[labelField(language)] || '—' })),
				{ label: t('referenceLists.fields.sortOrder'), value: item.sort_order },
			]}
			deleteRefused={(count) => (
				<div className="alert alert-danger" role="alert">
					<p className="mb-1">{t(listText(list, 'deleteRefused'), { count })}</p>
					<Link to={users} className="alert-link">
						{t(listText(list, 'showUsers'))}
					</Link>
				</div>
			)}
			headingId={HEADING_ID}
		/>
	)
}

/** A list's CSV import page: the catalogs' import page, with what the item columns take. */
export function ReferenceItemsImportPage({ list }: { list: ReferenceListDefinition }) {
	const { t } = useTranslation()
	return (
		<CsvImportPage
			pages={listPages(list)}
			page={useLoaderData<typeof importPageLoader>()}
			answer={useActionData<typeof importPageAction>()}
			columns={ITEM_FIELDS}
			formatHelp={[
				t('referenceLists.csvHelp.code', { max: REFERENCE_CODE_MAX }),
				t('referenceLists.csvHelp.labels'),
				t('referenceLists.csvHelp.sortOrder', { max: SORT_ORDER_MAX }),
			]}
		/>
	)
}

/** A list's pages, which the generated catalog routes render (app/catalogs/routes/*). */
export function referenceListPages(list: ReferenceListDefinition): CatalogPageComponents {
	return {
		list: ReferenceListPage,
		record: ReferenceItemPage,
		new: NewReferenceItemPage,
		import: function ItemsImportPage() {
			return <ReferenceItemsImportPage list={list} />
		},
	}
}
