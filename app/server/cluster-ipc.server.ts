import cluster, { type Worker } from 'node:cluster'
import { errorFields, logger } from '~/utils/logger.server'

/**
 * Messages between the cluster's workers and its primary (WEB_CONCURRENCY above 1): a worker asks and
 * waits for the answer (`askPrimary`), or tells and goes on (`tellPrimary`). The primary handles both with
 * `answerWorkers`. Only the portal's own messages (`portal` set) are read; prom-client has its own.
 */

type Message =
	| { portal: 'ask'; id: number; topic: string; payload: unknown }
	| { portal: 'tell'; topic: string; payload: unknown }
	| { portal: 'answer'; id: number; result?: unknown; error?: string }

/** How long a worker waits for the primary before the request it serves fails. */
const ANSWER_TIMEOUT_MS = 10_000

const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()
let nextId = 0
let listening = false

function isMessage(value: unknown): value is Message {
	return typeof value === 'object' && value !== null && 'portal' in value
}

function listenForAnswers() {
	if (listening) return
	listening = true
	process.on('message', (message: unknown) => {
		if (!isMessage(message) || message.portal !== 'answer') return
		const request = waiting.get(message.id)
		if (!request) return
		waiting.delete(message.id)
		if (message.error !== undefined) request.reject(new Error(message.error))
		else request.resolve(message.result)
	})
}

/** This process is one of the cluster's workers (not a single process, not the primary). */
export function isClusterWorker(): boolean {
	return cluster.isWorker
}

export function askPrimary<Result>(topic: string, payload: unknown = null): Promise<Result> {
	listenForAnswers()
	const id = nextId++
	return new Promise<Result>((resolve, reject) => {
		const timer = setTimeout(() => {
			waiting.delete(id)
			reject(new Error(`the primary did not answer ${topic} within ${ANSWER_TIMEOUT_MS / 1000} s`))
		}, ANSWER_TIMEOUT_MS)
		timer.unref()
		waiting.set(id, {
			resolve: (result) => (clearTimeout(timer), resolve(result as Result)),
			reject: (error) => (clearTimeout(timer), reject(error)),
		})
		process.send!({ portal: 'ask', id, topic, payload } satisfies Message)
	})
}

export function tellPrimary(topic: string, payload: unknown = null): void {
	if (process.connected) process.send!({ portal: 'tell', topic, payload } satisfies Message)
}

export type WorkerMessageHandlers = Record<string, (payload: unknown, worker: Worker) => unknown>

/** In the primary: runs the handler of each message's topic; a question gets its result (or its error) back. */
export function answerWorkers(handlers: WorkerMessageHandlers): void {
	cluster.on('message', (worker, message: unknown) => {
		if (!isMessage(message) || message.portal === 'answer') return
		const handler = handlers[message.topic]
		const result = Promise.resolve().then(() => {
			if (!handler) throw new Error(`no handler for ${message.topic}`)
			return handler(message.payload, worker)
		})
		if (message.portal === 'tell') {
			result.catch((error: unknown) => logger.error('cluster.message_failed', { topic: message.topic, ...errorFields(error) }))
			return
		}
		const { id } = message
		result.then(
			(value) => worker.isConnected() && worker.send({ portal: 'answer', id, result: value } satisfies Message),
			(error: unknown) => worker.isConnected() && worker.send({ portal: 'answer', id, error: String(error) } satisfies Message),
		)
	})
}
