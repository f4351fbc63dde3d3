import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useApplyAsChanged } from '~/hooks/use-apply-as-changed'
import { PAGE_SIZES, activeFilterCount, isNarrowed, listSearch, parseListState } from '~/lists/list-query'
import type { SelectOption } from './forms'
import type { ListProps } from './list'

/** A list's search and filter form: a GET form, so that it works without JavaScript and every view has an address. */

export interface FilterControl<Filter extends string> {
	name: Filter
	label: string
	/** The option for "no filter". */
	allLabel: string
	options: readonly SelectOption[]
}

/**
 * The search and filter form. Submitting starts again at page 1 and keeps the sort (hidden fields); with
 * JavaScript it submits itself as it changes (useApplyAsChanged).
 * `extra` holds controls that are not a plain select (e.g. a station typed by code).
 */
export function ListToolbar<Filter extends string, Sort extends string>({
	path,
	state,
	spec,
	label,
	searchLabel,
	searchHint,
	filters,
	extra,
}: ListProps<Filter, Sort> & {
	/** The form's accessible name, e.g. "Search stations". */
	label: string
	searchLabel: string
	searchHint: string
	filters: readonly FilterControl<Filter>[]
	extra?: ReactNode
}) {
	const { t } = useTranslation()
	const applyAsChanged = useApplyAsChanged(listSearch(state, spec, { page: 1 }), (fields) =>
		listSearch(parseListState(fields, spec), spec, { page: 1 }),
	)
	const defaultDir = state.sort === spec.defaultSort ? spec.defaultDir : 'asc'
	return (
		// Drawn anew after a change to a view its fields do not show (a saved view's link): see useApplyAsChanged.
		<Form
			key={applyAsChanged.generation}
			ref={applyAsChanged.formRef}
			method="get"
			action={path}
			className="list-toolbar card card-body mb-3"
			role="search"
			aria-label={label}
			onChange={applyAsChanged.onChange}
			onSubmit={applyAsChanged.onSubmit}
		>
			{/* Folded on phones, so that the first record shows in the first screen; always open on wider screens (CSS). */}
			<details className="list-filters-disclosure">
				<FiltersSummary active={activeFilterCount(state)} />
				<div className="list-filters">
					<div className="list-filters__search">
						<label htmlFor="list-q" className="form-label">
							{searchLabel}
						</label>
						<input
							id="list-q"
							type="search"
							name="q"
							defaultValue={state.q}
							className="form-control"
							aria-describedby="list-q-hint"
							autoComplete="off"
						/>
					</div>
					{filters.map((filter) => (
						<div key={filter.name}>
							<label htmlFor={`list-${filter.name}`} className="form-label">
								{filter.label}
							</label>
							<select id={`list-${filter.name}`} name={filter.name} defaultValue={state.filters[filter.name] ?? ''} className="form-select">
								<option value="">{filter.allLabel}</option>
								{filter.options.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
							</select>
						</div>
					))}
					{extra}
					<div>
						<label htmlFor="list-size" className="form-label">
							{t('list.pageSize')}
						</label>
						<select id="list-size" name="size" defaultValue={String(state.size)} className="form-select">
							{PAGE_SIZES.map((size) => (
								<option key={size} value={size}>
									{size}
								</option>
							))}
						</select>
					</div>
					{state.sort !== spec.defaultSort ? <input type="hidden" name="sort" value={state.sort} /> : null}
					{state.dir !== defaultDir ? <input type="hidden" name="dir" value={state.dir} /> : null}
					<div className="list-filters__actions">
						<button type="submit" className="btn btn-primary">
							<i className="bx bx-search" aria-hidden="true" /> {t('list.apply')}
						</button>
						{isNarrowed(state) ? (
							<Link to={path} className="btn btn-outline-secondary" discover="none">
								{t('list.clear')}
							</Link>
						) : null}
					</div>
				</div>
				{/* Below the row, so that every control of the row lines up on one baseline. */}
				<div id="list-q-hint" className="form-text mb-0">
					{searchHint}
				</div>
			</details>
		</Form>
	)
}

/** The "Filters" control of the folded filter form, with how many of them narrow the list. */
function FiltersSummary({ active }: { active: number }) {
	const { t } = useTranslation()
	return (
		<summary className="list-filters-disclosure__summary btn btn-outline-secondary">
			<i className="bx bx-filter-alt" aria-hidden="true" />
			{t('list.filters')}
			{active > 0 ? <span className="badge rounded-pill text-bg-primary">{t('list.filtersActive', { count: active })}</span> : null}
			<i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
		</summary>
	)
}
