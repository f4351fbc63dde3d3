import { createRequire } from 'node:module'
import type * as ZxcvbnCore from '@zxcvbn-ts/core'
import type * as CommonLanguage from '@zxcvbn-ts/language-common'
import type * as EnglishLanguage from '@zxcvbn-ts/language-en'
import { singleton } from '~/utils/singleton.server'

const require = createRequire(import.meta.url)

/** zxcvbn's scale: 0 and 1 fall to an online attack, 2 to a throttled one; 3 and 4 hold. */
const MINIMUM_SCORE = 3

/** Why a password is too easy to guess, as our translation keys name it (`password.<weakness>`). */
export type PasswordWeakness = 'common' | 'personal' | 'repeated' | 'sequence' | 'dates' | 'guessable'

/**
 * The estimator, with its dictionaries (about 50,000 common passwords, English words and names) built
 * once, on the first password checked: the sign-in path never loads it. The packages are required here
 * rather than imported: the dictionaries decompress their word lists as they load (about 80 ms of CPU),
 * which every start of the server and the CLI would otherwise pay (the estimator itself, 9 ms more).
 */
function estimator() {
	return singleton('password-estimator', () => {
		const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore
		const common = require('@zxcvbn-ts/language-common') as typeof CommonLanguage
		const english = require('@zxcvbn-ts/language-en') as typeof EnglishLanguage
		return new ZxcvbnFactory({
			dictionary: { ...common.dictionary, ...english.dictionary },
			graphs: common.adjacencyGraphs,
			translations: english.translations,
		})
	})
}

interface Match {
	pattern: string
	dictionaryName?: string
}

/** The first reason, most telling first, among the parts of a guessable password. */
function weaknessOf(matches: readonly Match[]): PasswordWeakness {
	const has = (test: (match: Match) => boolean) => matches.some(test)
	if (has((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) return 'personal'
	if (has((m) => m.pattern === 'dictionary' && /^(passwords|diceware)/.test(m.dictionaryName ?? ''))) return 'common'
	if (has((m) => m.pattern === 'repeat')) return 'repeated'
	if (has((m) => m.pattern === 'sequence' || m.pattern === 'spatial')) return 'sequence'
	if (has((m) => m.pattern === 'date' || m.pattern === 'regex')) return 'dates'
	return 'guessable'
}

/** What an attacker derives from an email or a name: the words, and the words run together. */
function guessesFrom(input: string): string[] {
	const lower = input.toLowerCase().split('@', 1)[0]!
	const words = lower.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)
	return [...words, words.join(''), [...words].reverse().join('')].filter((guess) => guess.length >= 3)
}

/**
 * Null when the password resists guessing, otherwise why it does not. `userInputs` are words an attacker
 * would try first for this account: its email, its names.
 */
export function passwordWeakness(password: string, userInputs: readonly string[] = []): PasswordWeakness | null {
	const inputs = userInputs.flatMap(guessesFrom)
	const result = estimator().check(password, inputs)
	if (result.score >= MINIMUM_SCORE) return null
	return weaknessOf(result.sequence as readonly Match[])
}
