import { parse } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { ChoiceFieldset, CheckField } from './choice-fields'
import { definedLabels, FieldList, type FieldDefinition } from './field-list'

const fields: FieldDefinition[] = [
	{ name: 'code', label: 'Code', hint: 'Letters and digits', required: true, maxLength: 64 },
	{ columns: 'col-md-4', name: 'sortOrder', type: 'number', label: 'Order', fallback: '10' },
	{ columns: 'col-md-4', kind: 'select', name: 'variant', label: 'Variant', emptyOption: '—', options: [{ value: 'info', label: 'Info' }] },
	{ kind: 'textarea', name: 'description', label: 'Description', rows: 4 },
]

describe('fields written as data', () => {
	test('each is the shared control under its label, showing the kept value, else its fallback, else nothing', () => {
		const page = parse(renderToStaticMarkup(<FieldList fields={fields} values={{ code: 'A-1', variant: 'info' }} errors={{}} />))
		expect(page.querySelector('label[for="field-code"]')?.text).toBe('Code')
		expect(page.querySelector('#field-code')?.getAttribute('value')).toBe('A-1')
		expect(page.querySelector('#field-code')?.getAttribute('aria-describedby')).toBe('field-code-hint')
		expect(page.querySelector('#field-sortOrder')?.getAttribute('value')).toBe('10')
		expect(page.querySelector('select#field-variant option[selected]')?.getAttribute('value')).toBe('info')
		expect(page.querySelector('textarea#field-description')?.getAttribute('rows')).toBe('4')
		// Columns wrap a field for the caller's grid row; a field without them is not wrapped.
		expect(page.querySelectorAll('.col-md-4').map((column) => column.querySelector('label')?.text)).toEqual(['Order', 'Variant'])
		expect(page.querySelector('#field-code')?.parentNode.classList.value).toEqual(['mb-3'])
	})

	test('an error marks its field invalid and is tied to it; the summary labels come from the definitions', () => {
		const page = parse(renderToStaticMarkup(<FieldList fields={fields} values={{}} errors={{ code: { key: 'validation.required' } }} />))
		const code = page.querySelector('#field-code')
		expect(code?.getAttribute('aria-invalid')).toBe('true')
		expect(code?.classList.contains('is-invalid')).toBe(true)
		expect(code?.getAttribute('aria-describedby')).toBe('field-code-hint field-code-error')
		expect(page.querySelector('#field-code-error')?.classList.contains('invalid-feedback')).toBe(true)
		expect(page.querySelector('#field-sortOrder')?.hasAttribute('aria-invalid')).toBe(false)
		expect(definedLabels(fields)).toEqual({ code: 'Code', sortOrder: 'Order', variant: 'Variant', description: 'Description' })
	})

	test('a kept empty value stays, except in a select that offers no empty choice: that one shows its fallback', () => {
		const statuses = [
			{ value: 'active', label: 'Active' },
			{ value: 'closed', label: 'Closed' },
		]
		const kept: FieldDefinition[] = [
			{ name: 'lastName', label: 'Last name', fallback: 'Phạm' },
			{ kind: 'select', name: 'status', label: 'Status', fallback: 'closed', options: statuses },
			{ kind: 'select', name: 'parent', label: 'Parent', fallback: 'closed', emptyOption: '—', options: statuses },
		]
		const shown = (values: Record<string, string>) => {
			const page = parse(renderToStaticMarkup(<FieldList fields={kept} values={values} errors={{}} />))
			return {
				lastName: page.querySelector('#field-lastName')?.getAttribute('value'),
				status: page.querySelector('#field-status option[selected]')?.getAttribute('value'),
				parent: page.querySelector('#field-parent option[selected]')?.getAttribute('value'),
			}
		}
		expect(shown({})).toEqual({ lastName: 'Phạm', status: 'closed', parent: 'closed' })
		expect(shown({ lastName: '', status: '', parent: '' })).toEqual({ lastName: '', status: 'closed', parent: '' })
		expect(shown({ lastName: 'Lê', status: 'active', parent: 'active' })).toEqual({ lastName: 'Lê', status: 'active', parent: 'active' })
	})

	test('a field of the caller’s own renders with its label, value and error, in its columns', () => {
		const picker: FieldDefinition = {
			kind: 'custom',
			columns: 'col-md-8',
			name: 'stationId',
			label: 'Station',
			render: ({ label, value, error }) => <output title={label}>{`${value}:${error?.key}`}</output>,
		}
		const page = parse(
			renderToStaticMarkup(
				<FieldList fields={[picker]} values={{ stationId: '7' }} errors={{ stationId: { key: 'validation.required' } }} />,
			),
		)
		expect(page.querySelector('.col-md-8 > output[title="Station"]')?.text).toBe('7:validation.required')
		expect(definedLabels([picker])).toEqual({ stationId: 'Station' })
	})

	test('a choice group shows its error above the choices and is described by it', () => {
		const html = (error?: { key: string }) =>
			parse(
				renderToStaticMarkup(
					<ChoiceFieldset name="audience" legend="Audience" error={error}>
						<CheckField type="radio" name="audience" id="audience-all" value="all" label="Everyone" />
					</ChoiceFieldset>,
				),
			)
		const failed = html({ key: 'validation.required' })
		expect(failed.querySelector('fieldset')?.getAttribute('id')).toBe('field-audience')
		expect(failed.querySelector('fieldset')?.getAttribute('aria-describedby')).toBe('audience-error')
		expect(failed.querySelector('#audience-error')?.nextElementSibling?.classList.contains('form-check')).toBe(true)
		expect(failed.querySelector('label[for="audience-all"]')?.text).toBe('Everyone')
		expect(html().querySelector('fieldset')?.hasAttribute('aria-describedby')).toBe(false)
	})
})
