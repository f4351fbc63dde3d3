import { z } from 'zod'
import { checkPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/auth/password.server'
import { formObject, optionalText } from '~/catalogs/fields.server'
import { emailField } from '~/users/email-field.server'
import { formText, issue } from '~/utils/form.server'
import { USER_LIMITS } from './users'

/** The forms of the users' administration pages: a new user, a user's profile, email and password. */

/** An optional password: empty means "generate one"; otherwise the password policy applies. */
const temporaryPasswordField = formText.pipe(
	z.string().superRefine((value, ctx) => {
		if (value === '') return
		const problem = checkPasswordPolicy(value)
		if (problem === 'tooShort') ctx.addIssue({ code: 'custom', message: issue('password.tooShort', { min: PASSWORD_MIN_LENGTH }) })
		else if (problem === 'tooLong') ctx.addIssue({ code: 'custom', message: issue('password.tooLong', { max: PASSWORD_MAX_LENGTH }) })
		else if (problem === 'common') ctx.addIssue({ code: 'custom', message: issue('password.common') })
	}),
)

/** A person's given and family name, as every form takes them (empty is null). */
export const personNameFields = {
	firstName: optionalText(USER_LIMITS.firstName),
	lastName: optionalText(USER_LIMITS.lastName),
}

const profileShape = {
	displayName: optionalText(USER_LIMITS.displayName),
	...personNameFields,
}

export const newUserSchema = formObject({ email: emailField, ...profileShape, password: temporaryPasswordField })
export const changeEmailSchema = formObject({ email: emailField })
export const userProfileSchema = formObject(profileShape)
export const resetPasswordSchema = formObject({ password: temporaryPasswordField })

export type NewUserInput = z.output<typeof newUserSchema>
export type UserProfileInput = z.output<typeof userProfileSchema>
