import { useTranslation } from 'react-i18next'
import { Dropdown } from './dropdown'

export interface LauncherApp {
	name: string
	icon: string
	url: string
}

/** The enterprise suite, from configuration; each opens in a new tab. */
export function AppLauncher({ apps }: { apps: LauncherApp[] }) {
	const { t } = useTranslation()
	if (apps.length === 0) return null
	return (
		<Dropdown
			summary={
				<>
					<i className="bx bx-customize" aria-hidden="true" />
					<span className="visually-hidden">{t('topbar.apps')}</span>
				</>
			}
			panelClassName="launcher"
		>
			<p className="dropdown-heading">{t('topbar.apps')}</p>
			<ul className="launcher__grid">
				{apps.map((app) => (
					<li key={app.url}>
						<a href={app.url} target="_blank" rel="noopener noreferrer" className="launcher__app">
							<i className={`bx ${app.icon}`} aria-hidden="true" />
							<span>{app.name}</span>
							<span className="visually-hidden">{t('topbar.opensInNewTab')}</span>
						</a>
					</li>
				))}
			</ul>
		</Dropdown>
	)
}
