// How scripts/patch-dependencies.mjs changes an installed file: exact texts replaced, a marker left so that a
// second run changes nothing, and patches that must agree written both or neither.
import fs from 'node:fs'
import path from 'node:path'

export const PATCH_MARKER = '/* patched by staff-portal: scripts/patch-dependencies.mjs */'

/**
 * @typedef {{ find: string, replace: string }} Replacement
 * @typedef {{ name: string, file: string, replacements: Replacement[], together?: string }} DependencyPatch
 * `together`: patches of the same name here are applied all or none (two builds of one file must agree).
 */

/**
 * The patched text of `source`, or why it cannot be patched. Applying it to a text it already patched
 * changes nothing.
 * @param {DependencyPatch} patch
 * @param {string} source
 * @returns {{ text: string } | { missing: string }}
 */
export function patchedText(patch, source) {
	if (source.includes(PATCH_MARKER)) return { text: source }
	let text = source
	for (const { find, replace } of patch.replacements) {
		const at = text.indexOf(find)
		if (at === -1 || text.indexOf(find, at + 1) !== -1) return { missing: find.split('\n')[0] }
		text = text.slice(0, at) + replace + text.slice(at + find.length)
	}
	return { text }
}

/**
 * Applies `patches` under the project folder `root`; returns the warnings for those it could not apply. Patches
 * that go `together` are written only when each of them can be.
 */
export function applyPatches(root, patches) {
	const warnings = []
	/** @type {{ patch: DependencyPatch, file: string, source: string, text: string }[]} */
	const ready = []
	const failedTogether = new Set()
	for (const patch of patches) {
		const file = path.join(root, patch.file)
		if (!fs.existsSync(file)) {
			warnings.push(`${patch.name}: ${patch.file} is not installed`)
			if (patch.together) failedTogether.add(patch.together)
			continue
		}
		const source = fs.readFileSync(file, 'utf8')
		const result = patchedText(patch, source)
		if ('missing' in result) {
			warnings.push(`${patch.name}: not applied, ${patch.file} has no unique "${result.missing}" (another version?)`)
			if (patch.together) failedTogether.add(patch.together)
		} else ready.push({ patch, file, source, text: result.text })
	}
	for (const { patch, file, source, text } of ready) {
		if (patch.together && failedTogether.has(patch.together))
			warnings.push(`${patch.name}: not applied, as ${patch.together} is not patched whole`)
		else if (text !== source) fs.writeFileSync(file, text)
	}
	return warnings
}
