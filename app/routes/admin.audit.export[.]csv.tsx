import type { LoaderFunctionArgs } from '@remix-run/node'
import { AUDIT_LIST, auditEntityName, auditEventName, auditFieldLabel } from '~/admin/audit'
import { exportAudit, type AuditRow } from '~/admin/audit.server'
import { csvResponse } from '~/catalogs/csv-export.server'
import { todayIso } from '~/catalogs/fields.server'
import { getT } from '~/i18n/i18n.server'
import { readerTimeZone } from '~/i18n/time-zone.server'
import { parseListState } from '~/lists/list-query'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'QUANTRI_AUDIT' }, '/admin/audit/export.csv')

const COLUMNS = ['at', 'event', 'action', 'actor', 'actorEmail', 'entity', 'entityId', 'record', 'changes', 'details', 'ip'] as const

/** GET /admin/audit/export.csv?…: the entries of the log's current search and filters, in its order, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { user: reader } = await requireDownloadPermission(request, 'QUANTRI_AUDIT', 'export')
	const state = parseListState(new URL(request.url).searchParams, AUDIT_LIST)
	const t = await getT(request)
	const toValues = (row: AuditRow): Record<string, string> => ({
		at: new Date(row.at).toISOString(),
		event: auditEventName(t, row.action),
		action: row.action,
		actor: row.actorName ?? '',
		actorEmail: row.actorEmail ?? '',
		entity: row.entity ? auditEntityName(t, row.entity) : '',
		entityId: row.entityId ?? '',
		record: row.target?.label ?? '',
		changes: row.changes.map((change) => `${auditFieldLabel(t, row.entity, change.field)}: ${change.from} → ${change.to}`).join('; '),
		details: row.facts.map((fact) => `${auditFieldLabel(t, null, fact.name)}: ${fact.value}`).join('; '),
		ip: row.ip ?? '',
	})
	return csvResponse(`audit-${todayIso()}.csv`, COLUMNS, exportAudit(state, readerTimeZone(reader)), toValues)
}
