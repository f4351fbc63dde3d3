import { z } from 'zod'
import { issue } from '~/utils/form.server'

export const notificationActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('mark-all-read'), redirectTo: z.string().optional() }),
	z.object({
		intent: z.literal('mark-read'),
		id: z.coerce.number().int().positive(issue('validation.required')),
		redirectTo: z.string().optional(),
	}),
])
