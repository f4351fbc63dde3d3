import type express from 'express'
import { isCrossSiteRequest } from '~/security/origin-check'
import { refuse } from '~/security/request-body.server'
import { requestUrl } from '~/server/request-address.server'
import { logger } from '~/utils/logger.server'

const BACK_CHANNEL_LOGOUT_PATH = '/account/oidc/backchannel-logout'

/**
 * The address the client asked for (forwarded headers through TRUST_PROXY only): a Host that names no host
 * (`user@host`) is a 400. Unsafe methods from another site are refused before any route sees them.
 */
export function requestOriginGuard(): express.RequestHandler {
	return (req, res, next) => {
		const url = requestUrl(req)
		if (!url) {
			refuse(req, res, 'malformed')
			return
		}
		res.locals.url = url
		// The OpenID provider's back-channel logout is a server's call, authenticated by its signed token.
		if (
			req.path !== BACK_CHANNEL_LOGOUT_PATH &&
			isCrossSiteRequest({ method: req.method, origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site'), ownOrigin: url.origin })
		) {
			logger.warn('http.cross_site_refused', {
				method: req.method,
				path: req.path,
				origin: req.get('origin'),
				secFetchSite: req.get('sec-fetch-site'),
			})
			refuse(req, res, 'crossSite', {}, { log: false })
			return
		}
		next()
	}
}
