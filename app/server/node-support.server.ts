/** Node.js release lines the portal supports, newest first; the first is recommended. */
export const SUPPORTED_NODE_MAJORS = [24, 22] as const
/** Still runs, past its end of life (docs/decisions/0015-node-versions.md). */
const END_OF_LIFE = { 20: '2026-04-30' } as Record<number, string>

/** What to log at start-up about the Node.js version running the portal, or null when it is supported. */
export function nodeVersionWarning(version: string = process.versions.node): string | null {
	const major = Number(version.split('.')[0])
	if ((SUPPORTED_NODE_MAJORS as readonly number[]).includes(major)) return null
	const ended = END_OF_LIFE[major]
	const advice = `run the portal on Node ${SUPPORTED_NODE_MAJORS[0]} LTS (or ${SUPPORTED_NODE_MAJORS.slice(1).join(', ')})`
	return ended
		? `Node ${major} reached end of life on ${ended} and gets no security fixes: ${advice}.`
		: `Node ${version} is not a supported release: ${advice}.`
}
