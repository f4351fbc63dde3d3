import { useTranslation } from 'react-i18next'
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

/** The functions in tree order, cut into their top-level groups (a group: a top-level function and everything under it). */
export function matrixGroups<Row extends { depth: number }>(functions: readonly Row[]): Row[][] {
	const groups: Row[][] = []
	for (const fn of functions) {
		if (fn.depth === 0 || groups.length === 0) groups.push([fn])
		else groups.at(-1)!.push(fn)
	}
	return groups
}

/**
 * A role's function × action matrix: a table on wide screens; on phones (CSS) one top-level group at a time,
 * chosen by the radio buttons of the groups' header rows, each action a full-width toggle. The radios choose
 * only what is shown (the action reads nothing but `grant`), so this works without JavaScript.
 */
export function RoleMatrix({
	roleCode,
	functions,
	checked,
	editable,
	held,
	groupsOnly,
}: {
	roleCode: string
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
					{t('admin.roles.matrixCaption', { role: roleCode })}
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
				{matrixGroups(functions).map((group, index) => (
					<tbody key={group[0]!.id} className="admin-matrix__group">
						<tr className="admin-matrix__group-row">
							<td colSpan={ACTIONS.length + 1}>
								<label className="admin-matrix__group-choice">
									<input
										type="radio"
										name="matrix-group"
										value={group[0]!.code}
										defaultChecked={index === 0}
										className="form-check-input"
									/>
									{group[0]!.label}
								</label>
							</td>
						</tr>
						{group.map((fn) => (
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
				))}
			</table>
		</TableScroller>
	)
}
