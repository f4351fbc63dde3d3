import type { ReactNode } from 'react'

/** The page heading with the actions the user may take, e.g. "New", "Export", "Import". */
export function PageHeader({ title, id, children }: { title: string; id: string; children?: ReactNode }) {
	return (
		<div className="page-header d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
			<h1 id={id} className="h3 mb-0">
				{title}
			</h1>
			{children ? <div className="page-header__actions d-flex flex-wrap gap-2">{children}</div> : null}
		</div>
	)
}
