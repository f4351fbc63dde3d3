/** A tree of texts, as a locale file holds them. */
export type Tree = { [key: string]: string | Tree }

/**
 * `parts` merged into `tree`, a new tree. A text is written in one place: a key that both give a text, or one a
 * text and the other a subtree, is a defect, thrown at start-up.
 */
export function mergeTexts(tree: Tree, parts: readonly Tree[], where = ''): Tree {
	const merged: Tree = { ...tree }
	for (const part of parts) {
		for (const [key, value] of Object.entries(part)) {
			const existing = merged[key]
			const path = where ? `${where}.${key}` : key
			if (existing === undefined) merged[key] = value
			else if (typeof existing === 'object' && typeof value === 'object') merged[key] = mergeTexts(existing, [value], path)
			else throw new Error(`The text ${path} is written twice: in a locale file and in a catalog's texts.json`)
		}
	}
	return merged
}
