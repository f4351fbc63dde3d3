/** What the administrators' notification form and its server share. */

export const AUDIENCES = ['everyone', 'roles', 'users'] as const
export type Audience = (typeof AUDIENCES)[number]

export const ANNOUNCEMENT_LIMITS = { title: 200, body: 4000, link: 512, chosen: 500 } as const

export interface AudienceUser {
	id: number
	displayName: string
	email: string
}
