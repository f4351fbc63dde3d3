import { getLanguage } from '~/i18n/i18n.server'
import type { ReferenceListDefinition } from './definition'
import { referenceOptions } from './reference-lists.server'

/** A list's items as options in the reader's language (catalog pages: selects, filters, labels). */
export async function optionsFor(list: ReferenceListDefinition, request: Request) {
	return referenceOptions(list, await getLanguage(request))
}
