import { z } from 'zod'
import { issue } from '~/utils/form.server'

/** The notifications page's forms: marking all read, or one (`id`); both come back to `redirectTo`. */
export const markAllReadSchema = z.object({ redirectTo: z.string().optional() })

export const markReadSchema = markAllReadSchema.extend({ id: z.coerce.number().int().positive(issue('validation.required')) })
