import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from '~/i18n/languages'
import { useRootData } from '~/utils/root-data'
import { LanguageSwitcher } from './language-switcher'

/** The frame of the account pages: product name, language choice, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
	const { t } = useTranslation()
	const root = useRootData()
	return (
		<div className="auth-page">
			<header className="auth-page__header container">
				<span className="auth-page__brand">
					<i className="auth-page__logo" aria-hidden="true" />
					<span className="auth-page__brand-name">{t('app.name')}</span>
				</span>
				<LanguageSwitcher current={root?.language ?? DEFAULT_LANGUAGE} />
			</header>
			<main id="main" className="auth-page__main container">
				<div className="card auth-card shadow-sm">
					<div className="card-body p-4">
						<h1 className="h4 mb-3">{title}</h1>
						{children}
					</div>
				</div>
			</main>
		</div>
	)
}
