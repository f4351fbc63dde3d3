import { useFetcher, useLocation } from '@remix-run/react'
import type { ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LAYOUT_FIELDS, LAYOUT_OPTIONS, bodyAttributes, type LayoutField, type LayoutSettings } from '~/layout/settings'
import { CsrfInput } from '../forms'

/**
 * The right-hand settings panel. Without JavaScript it is a form posted to /settings/layout; with it,
 * each change is applied to `<body>` at once and saved in the background, and the panel stays open with
 * the focus where it was, so that arrow keys move through a group of options.
 */
export function SettingsPanel({ settings }: { settings: LayoutSettings }) {
	const { t } = useTranslation()
	const location = useLocation()
	const fetcher = useFetcher()

	const onChange = (event: ChangeEvent<HTMLFormElement>) => {
		const input = event.target as unknown as HTMLInputElement
		if (input.type !== 'radio') return
		const next = { ...settings, [input.name]: input.value } as LayoutSettings
		for (const [name, value] of Object.entries(bodyAttributes(next))) document.body.setAttribute(name, value)
		const form = new FormData(event.currentTarget)
		form.set('stay', '1')
		fetcher.submit(form, { method: 'post', action: '/settings/layout' })
	}

	return (
		<details className="settings-panel" data-dropdown="">
			<summary className="topbar__button">
				<i className="bx bx-cog" aria-hidden="true" />
				<span className="visually-hidden">{t('layout.title')}</span>
			</summary>
			<aside className="settings-panel__body" aria-labelledby="settings-panel-title">
				<h2 id="settings-panel-title" className="h6 settings-panel__title">
					{t('layout.title')}
				</h2>
				<fetcher.Form method="post" action="/settings/layout" onChange={onChange}>
					<CsrfInput />
					<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
					{LAYOUT_FIELDS.map((field) => (
						<OptionGroup key={field} field={field} current={settings[field]} />
					))}
					<button type="submit" className="btn btn-primary btn-sm w-100">
						{t('layout.save')}
					</button>
				</fetcher.Form>
			</aside>
		</details>
	)
}

function OptionGroup({ field, current }: { field: LayoutField; current: string }) {
	const { t } = useTranslation()
	return (
		<fieldset className="settings-panel__group">
			<legend>{t(`layout.fields.${field}`)}</legend>
			{LAYOUT_OPTIONS[field].map((value) => (
				// The label holds its radio button: no id to name it by.
				<label className="form-check" key={value}>
					<input className="form-check-input" type="radio" name={field} value={value} defaultChecked={current === value} />
					{t(`layout.values.${value}`)}
				</label>
			))}
		</fieldset>
	)
}
