import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { roleGroupHref } from '~/admin/roles'
import { ACTIONS } from '~/permissions/actions'
import { Badge } from './badge'
import { TableScroller } from './list'

export interface MatrixRow {
	id: number
	code: string
	label: string
	depth: number
	enabled: boolean
}

export interface MatrixGroup {
	id: number
	label: string
	functions: number
	held: number
	grants: number
}

/**
 * The function groups of a role's matrix, each with how much of it the role holds, as links to the page
 * showing that group's matrix (plain links: the server renders one group at a time, with or without JavaScript).
 */
export function RoleMatrixGroups({ roleId, groups, current }: { roleId: number; groups: readonly MatrixGroup[]; current: number }) {
	const { t } = useTranslation()
	return (
		<nav aria-label={t('admin.roles.groups')} className="admin-matrix-groups">
			<ul className="list-unstyled">
				{groups.map((group) => (
					<li key={group.id}>
						<Link to={roleGroupHref(roleId, group.id)} preventScrollReset aria-current={group.id === current ? 'page' : undefined}>
							<span className="admin-matrix-groups__label">{group.label}</span>
							<span className="admin-matrix-groups__count">
								{t('admin.roles.groupSummary', { held: group.held, total: group.functions, grants: group.grants })}
							</span>
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/**
 * One function group of a role's function × action matrix: a table on wide screens; on phones (CSS) each
 * function a block and each action a full-width toggle.
 */
export function RoleMatrix({
	roleCode,
	groupLabel,
	functions,
	checked,
	editable,
	held,
	groupsOnly,
}: {
	roleCode: string
	groupLabel: string
	functions: readonly MatrixRow[]
	checked: ReadonlySet<string>
	editable: boolean
	/** The grants the editing user holds, when delegation limits what they may grant. */
	held: ReadonlySet<string> | null
	/** Functions shown as a group only (a function below them may be viewed). */
	groupsOnly: ReadonlySet<number>
}) {
	const { t } = useTranslation()
	return (
		<TableScroller labelledBy="matrix-caption" className="admin-matrix-box">
			<table className="table table-sm align-middle admin-matrix">
				<caption id="matrix-caption" className="visually-hidden">
					{t('admin.roles.matrixCaption', { role: roleCode, group: groupLabel })}
				</caption>
				<thead>
					<tr>
						<th scope="col">{t('admin.roles.function')}</th>
						{ACTIONS.map((action) => (
							<th key={action} scope="col" className="text-center">
								{t(`admin.roles.actions.${action}`)}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{functions.map((fn) => (
						<tr key={fn.id}>
							<th scope="row" className={`admin-depth-${Math.min(fn.depth, 3)}`}>
								{fn.label} <span className="text-body-secondary small">{`(${fn.code})`}</span>
								{fn.enabled ? null : <Badge className="text-bg-secondary ms-1">{t('admin.roles.disabled')}</Badge>}
								{groupsOnly.has(fn.id) ? <Badge className="text-bg-info ms-1">{t('admin.roles.impliedGroup')}</Badge> : null}
							</th>
							{ACTIONS.map((action) => {
								const value = `${fn.id}:${action}`
								return (
									<td key={action} className="text-center">
										<label className="admin-matrix__toggle">
											<span className="admin-matrix__action" aria-hidden="true">
												{t(`admin.roles.actions.${action}`)}
											</span>
											<input
												type="checkbox"
												className="form-check-input"
												name="grant"
												value={value}
												defaultChecked={checked.has(value)}
												disabled={!editable || (held !== null && !held.has(value))}
												aria-label={t('admin.roles.grantLabel', { action: t(`admin.roles.actions.${action}`), function: fn.label })}
											/>
										</label>
									</td>
								)
							})}
						</tr>
					))}
				</tbody>
			</table>
		</TableScroller>
	)
}
