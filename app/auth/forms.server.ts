import { z } from 'zod'
import { emailField } from '~/users/email-field.server'
import { issue } from '~/utils/form.server'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPasswordPolicy } from './password.server'

/** The account forms, validated on the server only (zod never reaches the browser). */

export const signInSchema = z.object({
	email: emailField,
	password: z
		.string()
		.min(1, issue('validation.required'))
		.max(1024, issue('validation.tooLong', { max: 1024 })),
	redirectTo: z.string().optional(),
})

const POLICY_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }

export const changePasswordSchema = z
	.object({
		currentPassword: z
			.string()
			.min(1, issue('validation.required'))
			.max(1024, issue('validation.tooLong', { max: 1024 })),
		newPassword: z.string().min(1, issue('validation.required')),
		confirmPassword: z.string().min(1, issue('validation.required')),
	})
	.superRefine((form, ctx) => {
		const problem = checkPasswordPolicy(form.newPassword)
		if (problem) {
			ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue(`password.${problem}`, POLICY_VALUES) })
		} else if (form.newPassword === form.currentPassword) {
			ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue('changePassword.sameAsCurrent') })
		}
		if (form.confirmPassword && form.newPassword !== form.confirmPassword) {
			ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: issue('changePassword.mismatch') })
		}
	})

export const forgotSchema = z.object({ email: emailField })

export const resetSchema = z
	.object({
		token: z.string().max(64),
		newPassword: z.string().min(1, issue('validation.required')),
		confirmPassword: z.string().min(1, issue('validation.required')),
	})
	.superRefine((form, ctx) => {
		const problem = checkPasswordPolicy(form.newPassword)
		if (problem) {
			ctx.addIssue({
				code: 'custom',
				path: ['newPassword'],
				message: issue(`password.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
			})
		}
		if (form.confirmPassword && form.newPassword !== form.confirmPassword) {
			ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: issue('changePassword.mismatch') })
		}
	})
