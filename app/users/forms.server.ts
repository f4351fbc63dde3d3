import { z } from 'zod'
import { personNameFields } from '~/admin/user-forms.server'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPasswordPolicy } from '~/auth/password.server'
import { LANGUAGE_CODES } from '~/i18n/languages'
import { isSelectableTimeZone } from '~/i18n/time-zone.server'
import { emailField } from '~/users/email-field.server'
import { issue } from '~/utils/form.server'

/** The profile page's forms, one per intent. */
export const profileSchemas = {
	profile: z.object({
		displayName: z
			.string()
			.trim()
			.min(1, issue('validation.required'))
			.max(200, issue('validation.tooLong', { max: 200 })),
		// Left out (a form from before the fields existed), a name stays as it is.
		firstName: personNameFields.firstName.optional(),
		lastName: personNameFields.lastName.optional(),
	}),
	language: z.object({
		preferredLanguage: z.union([z.literal(''), z.enum(LANGUAGE_CODES)], issue('language.unknown')),
	}),
	timeZone: z.object({
		timeZone: z
			.string()
			.max(64, issue('profile.timeZoneUnknown'))
			.refine((value) => value === '' || isSelectableTimeZone(value), issue('profile.timeZoneUnknown')),
	}),
	// An unchecked checkbox is not posted at all: absent means "no".
	emailNotifications: z.object({
		emailNotifications: z
			.string()
			.optional()
			.transform((value) => value === 'yes'),
	}),
}

/** The seed's account API bodies: the email validated as the sign-in page's is. */
export const credentialsSchema = z.object({
	email: emailField,
	password: z
		.string()
		.min(1, issue('validation.required'))
		.max(1024, issue('validation.tooLong', { max: 1024 })),
})

/** The seed's registration: the address in `email`, or in `username` as the seed's client sends it. */
export const registerSchema = z
	.object({
		username: z.string().optional(),
		email: z.string().optional(),
		password: z.string(),
		firstName: z
			.string()
			.trim()
			.max(100, issue('validation.tooLong', { max: 100 }))
			.default(''),
		lastName: z
			.string()
			.trim()
			.max(100, issue('validation.tooLong', { max: 100 }))
			.default(''),
	})
	.transform((body, ctx) => {
		const email = emailField.safeParse(body.email?.trim() || body.username)
		for (const problem of email.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: ['email'], message: problem.message })
		const problem = checkPasswordPolicy(body.password, [email.data ?? body.email ?? '', body.firstName, body.lastName])
		if (problem) {
			ctx.addIssue({
				code: 'custom',
				path: ['password'],
				message: issue(`password.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
			})
		}
		return email.success ? { ...body, email: email.data } : z.NEVER
	})
