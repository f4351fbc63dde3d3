import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * Tests wait for a condition with the one shared helper, `until` (tests/support/wait.ts), or in Playwright
 * code with `expect.poll` or `expect(…).toPass()`: each wait has a bound and says what did not happen. So a
 * file of tests (any file under tests/, a `*.test.*` file under app/) writes no polling loop of its own:
 * - no `Atomics.wait` (it blocks the whole worker, and says nothing when it gives up);
 * - no loop that awaits a sleep, unless the loop repeats a fixed number of times: a `for` over a counter
 *   (`i < n`) or over items, with no `break` or `return` in it. A sleep is a promise around `setTimeout`,
 *   `setTimeout` of node:timers/promises, `page.waitForTimeout`, or a function of the same file that is one.
 * Allowed: the helper itself, and the hooks a test loads into a server's own process (no test runner there).
 */
const ALLOWED = new Set(['tests/support/wait.ts', 'tests/support/outbox-hold.mjs'])

const root = path.resolve(import.meta.dirname, '../..')

/** Every file of tests, relative to the root: all code under tests/, and the `*.test.*` files under app/. */
function testFiles(folder: string, all: boolean): string[] {
	return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
		const file = path.posix.join(folder, entry.name)
		if (entry.isDirectory()) return testFiles(file, all)
		if (!/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) || entry.name.endsWith('.d.ts')) return []
		return all || /\.test\.tsx?$/.test(entry.name) ? [file] : []
	})
}

const isFunction = (node: ts.Node) => ts.isFunctionLike(node) || ts.isClassLike(node)

/** The nodes below `node` that run as part of it: functions declared inside it run later, when called. */
function someInside(node: ts.Node, found: (child: ts.Node) => boolean): boolean {
	return (
		ts.forEachChild(node, (child) => {
			if (isFunction(child)) return undefined
			return found(child) || someInside(child, found) || undefined
		}) ?? false
	)
}

const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node)

/** Whether `expression` makes a sleep, given the file's own sleep functions. */
function isSleep(expression: ts.Expression, sleepNames: ReadonlySet<string>): boolean {
	const node = unwrap(expression)
	if (ts.isNewExpression(node))
		return node.expression.getText() === 'Promise' && (node.arguments ?? []).some((argument) => /\bsetTimeout\b/.test(argument.getText()))
	if (!ts.isCallExpression(node)) return false
	const callee = unwrap(node.expression)
	if (ts.isIdentifier(callee)) return sleepNames.has(callee.text)
	return ts.isPropertyAccessExpression(callee) && callee.name.text === 'waitForTimeout'
}

/** What a function gives back: its expression body, or the expression its one `return` gives. */
function returned(fn: ts.SignatureDeclaration): ts.Expression | undefined {
	const body = (fn as { body?: ts.Node }).body
	if (!body) return undefined
	if (!ts.isBlock(body)) return body as ts.Expression
	const last = body.statements.at(-1)
	return last && ts.isReturnStatement(last) ? last.expression : undefined
}

/** The names that sleep in this file: `setTimeout` of node:timers/promises, and functions that make a sleep. */
function sleepNamesOf(source: ts.SourceFile): Set<string> {
	const names = new Set<string>()
	const visit = (node: ts.Node) => {
		if (ts.isImportDeclaration(node) && /^(node:)?timers\/promises$/.test((node.moduleSpecifier as ts.StringLiteral).text)) {
			const bindings = node.importClause?.namedBindings
			if (bindings && ts.isNamedImports(bindings))
				for (const element of bindings.elements)
					if ((element.propertyName ?? element.name).text === 'setTimeout') names.add(element.name.text)
		}
		const declared =
			ts.isFunctionDeclaration(node) && node.name
				? { name: node.name.text, fn: node }
				: ts.isVariableDeclaration(node) &&
					  ts.isIdentifier(node.name) &&
					  node.initializer &&
					  (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
					? { name: node.name.text, fn: node.initializer }
					: null
		const made = declared && returned(declared.fn)
		if (declared && made && isSleep(made, names)) names.add(declared.name)
		ts.forEachChild(node, visit)
	}
	visit(source)
	return names
}

/** A `for` that only repeats a fixed number of times: over a counter (`i < n`) or over items, never leaving early. */
function isFixedRepetition(loop: ts.IterationStatement): boolean {
	const leavesEarly = someInside(loop.statement, (node) => ts.isBreakStatement(node) || ts.isReturnStatement(node))
	if (leavesEarly) return false
	if (ts.isForOfStatement(loop) || ts.isForInStatement(loop)) return true
	if (!ts.isForStatement(loop) || !loop.condition) return false
	const condition = unwrap(loop.condition)
	const plain = (side: ts.Expression) => !someInside(side, ts.isCallExpression) && !ts.isCallExpression(side)
	return (
		ts.isBinaryExpression(condition) &&
		[
			ts.SyntaxKind.LessThanToken,
			ts.SyntaxKind.LessThanEqualsToken,
			ts.SyntaxKind.GreaterThanToken,
			ts.SyntaxKind.GreaterThanEqualsToken,
		].includes(condition.operatorToken.kind) &&
		ts.isIdentifier(unwrap(condition.left)) &&
		plain(condition.right)
	)
}

/** The polling loops of a file's text, as `line: what`. */
export function pollingLoops(fileName: string, text: string): string[] {
	const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
	const sleepNames = sleepNamesOf(source)
	const found: string[] = []
	const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1
	const visit = (node: ts.Node) => {
		if (ts.isCallExpression(node) && node.expression.getText() === 'Atomics.wait') found.push(`${line(node)}: Atomics.wait`)
		if (ts.isIterationStatement(node, false)) {
			const sleeps = someInside(node, (child) => ts.isAwaitExpression(child) && isSleep(child.expression, sleepNames))
			if (sleeps && !isFixedRepetition(node)) found.push(`${line(node)}: a loop around a sleep`)
		}
		ts.forEachChild(node, visit)
	}
	visit(source)
	return found
}

describe('the rule', () => {
	const pause = 'const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))\n'
	test.each([
		['a while loop around a sleep', `${pause}async function f() { while (!ready()) await pause(50) }`],
		['a for loop that stops on a condition', `${pause}async function f() { for (let i = 0; i < 9 && !ready(); i++) await pause(50) }`],
		[
			'a counted loop that leaves once ready',
			`${pause}async function f() { for (let i = 0; i < 9; i++) { if (ready()) return; await pause(5) } }`,
		],
		['a sleep written in the loop', 'async function f() { do { await new Promise((r) => setTimeout(r, 9)) } while (!ready()) }'],
		[
			'a sleep of node:timers/promises',
			"import { setTimeout as nap } from 'node:timers/promises'\nasync function f() { while (!ready()) await nap(9) }",
		],
		[
			'a sleep function declared',
			'function sleep(ms) { return new Promise((r) => setTimeout(r, ms)) }\nasync function f() { for (;;) { await sleep(9) } }',
		],
		["Playwright's fixed wait", 'async function f(page) { while (!(await ready())) await page.waitForTimeout(100) }'],
		['Atomics.wait', 'while (!done()) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200)'],
	])('finds %s', (_what, code) => {
		expect(pollingLoops('example.test.ts', code)).toHaveLength(1)
	})

	test.each([
		['a fixed number of rounds', `${pause}async function f() { for (let i = 0; i < 4; i++) { block(); await pause(0) } }`],
		['a walk over items', `${pause}async function f(items) { for (const item of items) { send(item); await pause(10) } }`],
		['a loop without a sleep', 'async function f() { while (more()) await send() }'],
		['a sleep in a function the loop only makes', `${pause}function f() { while (more()) schedule(async () => await pause(9)) }`],
		['the shared helper', "import { until } from '../support/wait'\nawait until(() => ready(), 'ready')"],
	])('leaves %s alone', (_what, code) => {
		expect(pollingLoops('example.test.ts', code)).toEqual([])
	})
})

test('no file of tests writes its own polling loop: waits go through until, expect.poll or toPass', () => {
	const files = [...testFiles('tests', true), ...testFiles('app', false)].filter((file) => !ALLOWED.has(file))
	expect(files.length).toBeGreaterThan(100)
	const loops = files.flatMap((file) =>
		pollingLoops(file, fs.readFileSync(path.join(root, file), 'utf8')).map((found) => `${file}:${found}`),
	)
	expect(loops).toEqual([])
})

test('every file allowed its own loop still exists', () => {
	expect([...ALLOWED].filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([])
})
