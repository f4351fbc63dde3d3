import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { de, en, es, it, ru, vn } from '~/i18n/messages'
import { AUDIT_ENTITIES, AUDIT_EVENTS, auditEventName, auditFieldLabel } from './audit'

const LOCALES = { vn, en, es, de, it, ru }

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(file)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
	})
}

/** The event names the code writes: literal ones, and the catalogs' `${entity}.created|updated|imported|deleted`. */
function recordedEvents(): Set<string> {
	const events = new Set<string>()
	for (const file of sourceFiles(path.resolve(import.meta.dirname, '..'))) {
		const source = fs.readFileSync(file, 'utf8')
		if (!/recordAudit|audit\(|auditChange|auditRefusal/.test(source)) continue
		for (const match of source.matchAll(/(?:action: |audit\((?:trx|db), )'([a-z]+\.[a-zA-Z_]+)'/g)) events.add(match[1]!)
		for (const match of source.matchAll(/: '(user\.(?:locked|unlocked))'/g)) events.add(match[1]!)
		if (source.includes('`${adapter.entity}.'))
			for (const entity of ['station', 'tool']) for (const verb of ['created', 'updated', 'imported']) events.add(`${entity}.${verb}`)
	}
	return events
}

const lookup = (messages: object, key: string): unknown =>
	key
		.split('.')
		.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages)

describe('audit events', () => {
	test('every event the code records is a known event', () => {
		const recorded = recordedEvents()
		expect(recorded.size).toBeGreaterThan(25)
		expect([...recorded].filter((event) => !(AUDIT_EVENTS as readonly string[]).includes(event))).toEqual([])
	})

	test.each(Object.entries(LOCALES))('every event and kind of record has a name in %s', (_language, messages) => {
		for (const event of AUDIT_EVENTS) expect(typeof lookup(messages, `audit.events.${event}`), event).toBe('string')
		for (const entity of AUDIT_ENTITIES) expect(typeof lookup(messages, `audit.entities.${entity}`), entity).toBe('string')
	})

	test('names and labels come from the translations, with the code as the last resort', () => {
		const t = (key: string, options?: { defaultValue?: string }) => {
			const found = lookup(en, key)
			return typeof found === 'string' ? found : (options?.defaultValue ?? key)
		}
		expect(auditEventName(t, 'auth.sign_in')).toBe(en.audit.events.auth.sign_in)
		expect(auditEventName(t, 'legacy.thing')).toBe('legacy.thing')
		expect(auditFieldLabel(t, 'function', 'sort_order')).toBe(en.admin.functions.fields.sortOrder)
		expect(auditFieldLabel(t, 'station', 'province')).toBe(en.stations.fields.province)
		expect(auditFieldLabel(t, 'user', 'emailNotifications')).toBe(en.audit.facts.emailNotifications)
		expect(auditFieldLabel(t, null, 'retentionDays')).toBe(en.audit.facts.retentionDays)
		expect(auditFieldLabel(t, 'user', 'somethingNew')).toBe('somethingNew')
	})
})
