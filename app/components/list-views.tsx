import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { columnNames, MAX_VIEWS_PER_LIST, VIEW_NAME_MAX, type ListViewsDefinition } from '~/lists/list-views'
import type { ListViewIntent, ListViewsData } from '~/lists/list-views-route.server'
import type { FormAnswer } from '~/utils/form-action.server'
import { CsrfInput, ErrorSummary, Field } from './forms'
import { IntentForm } from './intent-form'

/**
 * A list's saved views (links: applying one is following it, each with a delete button), its column
 * chooser and "save this view", the last two in disclosures that take no room until opened. Plain POST
 * forms to the list's own address: they work without JavaScript.
 */

/** The list action's answer when it refused one of these forms (`intent`: which one; a post of no known form is told as `deleteView`). */
function useRefused(): FormAnswer<ListViewIntent> | null {
	const answer = useActionData() as FormAnswer<ListViewIntent> | undefined
	return answer && !answer.ok ? answer : null
}

export function ListViews<Column extends string>({
	definition,
	views,
}: {
	definition: ListViewsDefinition<Column>
	views: ListViewsData<Column>
}) {
	const { t } = useTranslation()
	const refused = useRefused()
	const shownKey = columnNames(definition)
		.filter((name) => views.columns[name])
		.join(',')
	return (
		<div className="list-views mb-3">
			{/* A refused delete (or a post of no known form) has no form of its own to show the message in. */}
			{refused && refused.intent !== 'saveColumns' && refused.intent !== 'saveView' ? (
				<ErrorSummary formError={refused.formError ? t(refused.formError) : null} />
			) : null}
			{views.saved.length > 0 ? (
				<nav className="list-views__saved" aria-labelledby="list-views-saved">
					<span id="list-views-saved" className="fw-semibold">
						{t('listViews.savedViews')}
					</span>
					<ul className="list-inline mb-0">
						{views.saved.map((view) => (
							<li key={view.id} className="list-inline-item list-views__view">
								<Link to={view.href} aria-current={view.current ? 'page' : undefined}>
									{view.name}
								</Link>
								<IntentForm
									className="d-inline"
									field="view"
									value={view.id}
									buttons={[
										{
											intent: 'deleteView',
											className: 'btn btn-link btn-sm p-0 ms-1',
											label: t('listViews.deleteView', { name: view.name }),
											children: <i className="bx bx-x" aria-hidden="true" />,
										},
									]}
								/>
							</li>
						))}
					</ul>
				</nav>
			) : null}
			<div className="list-views__choosers">
				{/* Keyed by what they save: once saved (with JavaScript too) each closes and shows the new state. */}
				<details key={shownKey} open={refused?.intent === 'saveColumns' || undefined}>
					<summary>
						{t('listViews.columns')} <i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
					</summary>
					<Form method="post" className="list-views__form">
						<CsrfInput />
						{refused?.intent === 'saveColumns' ? <ErrorSummary formError={refused.formError ? t(refused.formError) : null} /> : null}
						<fieldset>
							<legend className="form-label fs-6">{t('listViews.columnsLegend')}</legend>
							{columnNames(definition).map((name) => (
								<div key={name} className="form-check form-check-inline">
									<input
										id={`list-column-${name}`}
										className="form-check-input"
										type="checkbox"
										name="column"
										value={name}
										defaultChecked={views.columns[name]}
									/>
									<label className="form-check-label" htmlFor={`list-column-${name}`}>
										{t(definition.columns[name])}
									</label>
								</div>
							))}
						</fieldset>
						<div className="d-flex flex-wrap gap-2 mt-2">
							<button type="submit" name="intent" value="saveColumns" className="btn btn-primary btn-sm">
								{t('listViews.saveColumns')}
							</button>
							<button type="submit" name="intent" value="resetColumns" className="btn btn-outline-secondary btn-sm">
								{t('listViews.resetColumns')}
							</button>
						</div>
					</Form>
				</details>
				<details key={views.saved.length} open={refused?.intent === 'saveView' || undefined}>
					<summary>
						{t('listViews.saveView')} <i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
					</summary>
					<Form method="post" className="list-views__form">
						<CsrfInput />
						{refused?.intent === 'saveView' ? (
							<ErrorSummary
								errors={refused.errors}
								formError={refused.formError ? t(refused.formError) : null}
								labels={{ viewName: t('listViews.viewName') }}
							/>
						) : null}
						{views.full ? <p className="form-text">{t('listViews.errors.tooMany', { max: MAX_VIEWS_PER_LIST })}</p> : null}
						<Field
							name="viewName"
							label={t('listViews.viewName')}
							hint={t('listViews.viewNameHint', { max: VIEW_NAME_MAX })}
							error={refused?.intent === 'saveView' ? refused.errors.viewName : undefined}
							defaultValue={refused?.intent === 'saveView' ? refused.values.viewName : undefined}
							maxLength={VIEW_NAME_MAX}
							autoComplete="off"
							required
						/>
						<button type="submit" name="intent" value="saveView" className="btn btn-primary btn-sm">
							{t('listViews.saveViewButton')}
						</button>
					</Form>
				</details>
			</div>
		</div>
	)
}
