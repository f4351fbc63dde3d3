/**
 * Which form of a page was posted (its `intent` field), read from a copy of the body so
 * the permission for that intent is checked before the form itself is read. Unknown intents are null.
 */
export async function postedIntent<const T extends string>(request: Request, intents: readonly T[]): Promise<T | null> {
	const value = await intentField(request)
	return value !== null && (intents as readonly string[]).includes(value) ? (value as T) : null
}

/** The posted `intent` field as sent, or null when there is none (or the body is too large or not a form to read it from). */
export async function intentField(request: Request): Promise<string | null> {
	const length = Number(request.headers.get('Content-Length') ?? NaN)
	if (!(length <= 256 * 1024)) return null
	try {
		const value = (await request.clone().formData()).get('intent')
		return typeof value === 'string' ? value : null
	} catch {
		return null
	}
}
