import { getConfig, type Config } from '~/config.server'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '~/i18n/languages'
import { getBuildInfo, type BuildInfo } from '~/version.server'

/**
 * What `/assets/config.json` tells a client before anyone signs in (the seed's client reads it first):
 * where the API is, the languages, how to sign in, the help link, the build. Nothing secret: a Firebase
 * web API key identifies the project and is meant to be public.
 */
export interface PublicConfig {
	apiUrl: string
	defaultLanguage: LanguageCode
	languages: LanguageCode[]
	authProvider: 'local' | 'firebase'
	firebase: { apiKey: string; projectId: string; authDomain: string } | null
	/** Null when HELP_URL is not set (no help link is shown). */
	helpUrl: string | null
	version: string
	buildDate: string
	sessionIdleMinutes: number
}

export function publicConfig(
	config: Pick<Config, 'auth' | 'helpUrl' | 'session'>,
	build: Pick<BuildInfo, 'version' | 'buildDate'>,
): PublicConfig {
	const { provider, firebase } = config.auth
	return {
		apiUrl: '/api',
		defaultLanguage: DEFAULT_LANGUAGE,
		languages: [...LANGUAGE_CODES],
		authProvider: provider,
		firebase:
			provider === 'firebase' && firebase.apiKey && firebase.projectId && firebase.authDomain
				? { apiKey: firebase.apiKey, projectId: firebase.projectId, authDomain: firebase.authDomain }
				: null,
		helpUrl: config.helpUrl,
		version: build.version,
		buildDate: build.buildDate,
		sessionIdleMinutes: Math.round(config.session.idleMs / 60_000),
	}
}

/** The running server's public configuration. */
export function getPublicConfig(): PublicConfig {
	return publicConfig(getConfig(), getBuildInfo())
}
