import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'
import { acceptedEncodings, encodeBody, type EncodedBody } from '~/utils/encoded-body.server'

const CONTENT_TYPES: Record<string, string> = {
	'.js': 'application/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.map': 'application/json; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.woff2': 'font/woff2',
	'.woff': 'font/woff',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
}
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.svg'])

interface Asset {
	bytes: Buffer
	compressible: boolean
	/** Compressed on the first request for the file: a start-up compressing every file would take longer. */
	body?: EncodedBody
	contentType: string
	etag: string
}

function encodedAsset(asset: Asset): EncodedBody {
	return (asset.body ??= asset.compressible ? encodeBody(asset.bytes) : { identity: asset.bytes, gzip: asset.bytes, br: asset.bytes })
}

function readAssets(directory: string, urlPrefix: string, assets: Map<string, Asset>) {
	for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
		const file = path.join(directory, entry.name)
		const url = `${urlPrefix}/${encodeURIComponent(entry.name)}`
		if (entry.isDirectory()) {
			readAssets(file, url, assets)
			continue
		}
		if (!entry.isFile()) continue
		const extension = path.extname(entry.name).toLowerCase()
		const bytes = fs.readFileSync(file)
		const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
		assets.set(url, {
			bytes,
			compressible: COMPRESSIBLE.has(extension),
			contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
			etag,
		})
	}
}

/**
 * The build's files (fingerprinted, never changed once written) served from memory, each compressed once
 * with brotli and gzip when first asked for: no file-system call and no compression per request after
 * that. Anything not in the build goes on to the next handler (the 404 page).
 */
export function builtAssets(directory: string, urlPrefix: string, { maxAgeSeconds }: { maxAgeSeconds: number }) {
	const assets = new Map<string, Asset>()
	if (fs.existsSync(directory)) readAssets(directory, urlPrefix, assets)
	const cacheControl = `public, max-age=${maxAgeSeconds}, immutable`
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const asset = assets.get(req.path)
		if (!asset) return next()
		res.setHeader('Cache-Control', cacheControl)
		res.setHeader('ETag', asset.etag)
		res.setHeader('Vary', 'Accept-Encoding')
		if (req.get('If-None-Match') === asset.etag) {
			res.status(304).end()
			return
		}
		const accepted = acceptedEncodings(req.get('Accept-Encoding') ?? null)
		const body = encodedAsset(asset)
		const compressed = body.gzip !== body.identity
		const encoding = compressed && accepted.has('br') ? 'br' : compressed && accepted.has('gzip') ? 'gzip' : 'identity'
		const bytes = body[encoding]
		res.setHeader('Content-Type', asset.contentType)
		res.setHeader('Content-Length', String(bytes.length))
		if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
		res.status(200)
		res.end(req.method === 'HEAD' ? undefined : bytes)
	}
}
