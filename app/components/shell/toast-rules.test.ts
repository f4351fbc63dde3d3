import { describe, expect, test } from 'vitest'
import { ALERT_CLASS, TOAST_DURATION_MS, createDuplicateFilter, toastRole } from './toast-rules'

describe('toasts', () => {
	test('come in five styles; only errors interrupt a screen reader', () => {
		expect(Object.keys(ALERT_CLASS).sort()).toEqual(['default', 'error', 'info', 'success', 'warning'])
		expect(ALERT_CLASS.error).toBe('danger')
		expect(toastRole('error')).toBe('alert')
		for (const type of ['default', 'info', 'success', 'warning'] as const) expect(toastRole(type)).toBe('status')
	})

	test('the same message is not shown twice within 3 s; another message or a later one is', () => {
		const shouldShow = createDuplicateFilter()
		const saved = { type: 'success' as const, message: 'profile.saved' }
		expect(shouldShow(saved, 1_000)).toBe(true)
		expect(shouldShow({ ...saved }, 1_000 + TOAST_DURATION_MS - 1)).toBe(false)
		expect(shouldShow({ type: 'error', message: 'profile.saved' }, 1_500)).toBe(true)
		expect(shouldShow({ ...saved, values: { count: 2 } }, 1_500)).toBe(true)
		expect(shouldShow(saved, 1_000 + TOAST_DURATION_MS)).toBe(true)
	})
})
