import { RemixBrowser } from '@remix-run/react'
import i18next, { type BackendModule } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DocumentMenuContext, readDocumentMenu } from './components/shell/menu-markup-context'
import { withLanguageTags } from './i18n/language-tags'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode } from './i18n/languages'

/** Fetches `/assets/i18n/{lang}.json`, the same files the server bundles. */
const translationBackend: BackendModule = {
	type: 'backend',
	init() {},
	read(language, _namespace, callback) {
		fetch(`/assets/i18n/${language}.json`, { credentials: 'same-origin' })
			.then((response) => {
				if (!response.ok) throw new Error(`translations for ${language}: HTTP ${response.status}`)
				return response.json()
			})
			.then((resources) => callback(null, resources))
			.catch((error: Error) => callback(error, false))
	},
}

async function hydrate() {
	const serverLanguage = document.documentElement.dataset.language
	const language = isLanguageCode(serverLanguage) ? serverLanguage : DEFAULT_LANGUAGE
	await i18next
		.use(initReactI18next)
		.use(translationBackend)
		.init({
			lng: language,
			fallbackLng: false,
			supportedLngs: [...LANGUAGE_CODES],
			ns: ['translation'],
			defaultNS: 'translation',
			interpolation: { escapeValue: false },
			react: { useSuspense: false },
		})
	withLanguageTags(i18next)

	// Read before React takes the document over: the menu is in the markup, not in the route data.
	const documentMenu = readDocumentMenu(document)
	startTransition(() => {
		hydrateRoot(
			document,
			<I18nextProvider i18n={i18next}>
				<StrictMode>
					<DocumentMenuContext.Provider value={documentMenu}>
						<RemixBrowser />
					</DocumentMenuContext.Provider>
				</StrictMode>
			</I18nextProvider>,
		)
	})
}

void hydrate()
