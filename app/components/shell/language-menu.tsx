import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type LanguageCode } from '~/i18n/languages'
import { CsrfInput } from '../forms'
import { Dropdown } from './dropdown'

/** `lazy`: a flag in a closed dropdown, fetched when it opens (Spain's alone weighs 80 kB). */
export function Flag({ code, lazy = false }: { code: string; lazy?: boolean }) {
	return <img className="flag" src={`/vendor/flags/${code}.svg`} alt="" width={20} height={15} loading={lazy ? 'lazy' : undefined} />
}

/** The language dropdown: flag, name and code of each language; a POST to /settings/language. */
export function LanguageMenu({ current }: { current: LanguageCode }) {
	const { t } = useTranslation()
	const location = useLocation()
	const active = LANGUAGES.find((language) => language.code === current) ?? LANGUAGES[0]
	return (
		<Dropdown
			summary={
				<>
					<Flag code={active.flag} />
					<span className="topbar__code">{active.code.toUpperCase()}</span>
					<span className="visually-hidden">{t('language.change')}</span>
				</>
			}
		>
			<Form method="post" action="/settings/language" className="dropdown-list" aria-label={t('language.label')}>
				<CsrfInput />
				<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
				{LANGUAGES.map((language) => (
					<button
						key={language.code}
						type="submit"
						name="lang"
						value={language.code}
						className={`dropdown-item${language.code === current ? ' active' : ''}`}
						aria-current={language.code === current ? 'true' : undefined}
						lang={language.tag}
					>
						<Flag code={language.flag} lazy />
						<span>{language.name}</span>
						<span className="dropdown-item__meta">{language.code}</span>
					</button>
				))}
			</Form>
		</Dropdown>
	)
}
