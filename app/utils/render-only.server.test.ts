import { describe, expect, test } from 'vitest'
import { requestContext, type RequestContext } from './logger.server'
import { isDocumentRequest, setRenderOnly, takeRenderOnly } from './render-only.server'

const context = (dataRequest: boolean): RequestContext => ({ requestId: 'r', clientIp: null, cspNonce: 'n', csrfToken: 't', dataRequest })

describe('values for the server render only', () => {
	test('are handed over once, so a context that outlives its request keeps nothing large alive', () => {
		const store = context(false)
		requestContext.run(store, () => {
			setRenderOnly('menu', { nav: '<li>…</li>' })
			expect(takeRenderOnly('menu')).toEqual({ nav: '<li>…</li>' })
			expect(takeRenderOnly('menu')).toBeUndefined()
		})
		expect(store.renderOnly?.size ?? 0).toBe(0)
	})

	test('belong to documents: a data request, or code outside a request, is not one', () => {
		expect(requestContext.run(context(false), isDocumentRequest)).toBe(true)
		expect(requestContext.run(context(true), isDocumentRequest)).toBe(false)
		expect(isDocumentRequest()).toBe(false)
	})
})
