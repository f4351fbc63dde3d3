import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type LanguageCode } from '~/i18n/languages'
import { CsrfInput } from './forms'

/** Posts to /settings/language; works without JavaScript and returns to the same page. */
export function LanguageSwitcher({ current }: { current: LanguageCode }) {
	const { t } = useTranslation()
	const location = useLocation()
	return (
		<Form method="post" action="/settings/language" className="language-switcher d-flex gap-2 align-items-center">
			<CsrfInput />
			<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			<label htmlFor="language-select" className="visually-hidden">
				{t('language.label')}
			</label>
			<select id="language-select" name="lang" defaultValue={current} className="form-select form-select-sm" key={current}>
				{LANGUAGES.map((language) => (
					<option key={language.code} value={language.code} lang={language.tag}>
						{language.name} ({language.code})
					</option>
				))}
			</select>
			<button type="submit" className="btn btn-sm btn-primary">
				{t('language.apply')}
			</button>
		</Form>
	)
}
