import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { Dropdown } from './dropdown'

/** Every function the user may open, by section: the real content of the template's mega menu, rendered by the server once per role set. */
export function MegaMenu({ html }: { html: string }) {
	const { t } = useTranslation()
	const columnsRef = useRef<HTMLDivElement>(null)
	useClientNavigation(columnsRef)
	if (!html) return null
	return (
		<Dropdown
			className="mega-menu d-none d-lg-block"
			align="start"
			summary={
				<>
					<span>{t('topbar.allFunctions')}</span>
					<i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
				</>
			}
			panelClassName="mega-menu__panel"
		>
			<div ref={columnsRef} className="mega-menu__columns" dangerouslySetInnerHTML={{ __html: html }} />
		</Dropdown>
	)
}
