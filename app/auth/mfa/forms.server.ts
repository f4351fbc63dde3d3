import { z } from 'zod'
import { credentialsSchema } from '~/users/forms.server'
import { issue } from '~/utils/form.server'

/** A code as typed: six digits from the app, or a recovery code (`xxxxx-xxxxx`); checked by mfa.server. */
const code = z
	.string()
	.trim()
	.min(1, issue('validation.required'))
	.max(64, issue('validation.tooLong', { max: 64 }))

export const codeSchema = z.object({ code })

/** Setting up a second factor asks the password again: a session alone (a borrowed browser) must not tie the account to another phone. */
export const confirmFactorSchema = codeSchema.extend({
	password: z
		.string()
		.min(1, issue('validation.required'))
		.max(1024, issue('validation.tooLong', { max: 1024 })),
})

/** `POST /api/users/authenticate`'s body: the credentials, and the second factor's code when the account has one. */
export const apiCredentialsSchema = credentialsSchema.extend({
	code: z
		.string()
		.trim()
		.max(64, issue('validation.tooLong', { max: 64 }))
		.optional(),
})
