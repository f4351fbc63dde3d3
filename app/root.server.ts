import type { LoaderFunctionArgs } from '@remix-run/node'
import { getSessionState, takeFlash } from './auth/session.server'
import { getFixedT, getLanguage } from './i18n/i18n.server'
import { portalTimeZone, readerTimeZone } from './i18n/time-zone.server'
import { getLayoutSettings } from './layout/settings.server'
import { requestContext } from './utils/logger.server'
import { getBuildInfo } from './version.server'

/** What every page reads from the root (app/utils/root-data.ts): language, layout, CSRF token, the signed-in user, the flash. */
export async function loader({ request }: LoaderFunctionArgs) {
	const [language, state, flash] = await Promise.all([getLanguage(request), getSessionState(request), takeFlash(request)])
	return {
		language,
		productName: getFixedT(language)('app.name'),
		errorTitlePrefix: requestContext.getStore()?.formFailed ? getFixedT(language)('validation.errorTitlePrefix') : null,
		layout: getLayoutSettings(request),
		build: getBuildInfo(),
		csrfToken: requestContext.getStore()?.csrfToken ?? '',
		timeZone: state.status === 'active' ? readerTimeZone(state.user) : portalTimeZone(),
		user: state.status === 'active' ? { id: state.user.id, displayName: state.user.display_name, email: state.user.email } : null,
		flash,
	}
}
