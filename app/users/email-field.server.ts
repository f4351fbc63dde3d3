import { z } from 'zod'
import { issue } from '~/utils/form.server'
import { EMAIL_MAX_LENGTH, canonicalEmail } from './email.server'

/**
 * A form's or API body's email field: the canonical address, or the translated error (required, too
 * long, not an address). Every schema that reads an address uses it.
 */
export const emailField = z
	.string({ error: (problem) => issue(problem.input === undefined ? 'validation.required' : 'validation.email') })
	.trim()
	.min(1, issue('validation.required'))
	.max(EMAIL_MAX_LENGTH, issue('validation.tooLong', { max: EMAIL_MAX_LENGTH }))
	.transform((typed, context) => {
		const email = canonicalEmail(typed)
		if (email === null) context.addIssue({ code: 'custom', message: issue('validation.email') })
		return email ?? z.NEVER
	})
