import type { ComponentProps } from 'react'
import { DeleteConfirmation } from './catalog-delete'

/**
 * A user's or role's page as the confirmation of its deletion (`deleteConfirmationHref`, where "Delete" leads
 * without JavaScript): the record's confirmation page without a version. `children` is the refusal to show.
 */
export function AdminDeleteConfirmation(props: Omit<ComponentProps<typeof DeleteConfirmation>, 'version'>) {
	return <DeleteConfirmation {...props} />
}
