import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Agent } from 'undici'
import { selfSignedCertificate } from './tls'
import { until } from './wait'

const TEMPLATE = path.resolve('deploy/nginx/staff-portal.conf.template')
const NGINX = '/usr/sbin/nginx'

/** `${NAME}` replaced for the given names only, as `envsubst '$NAME …'` does (nginx's own `$vars` stay). */
export function renderTemplate(text: string, values: Record<string, string>): string {
	const rendered = text.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole)
	const missing = /\$\{(PORTAL_[A-Z_]+)\}/.exec(rendered)
	if (missing) throw new Error(`no value for ${missing[1]}`)
	return rendered
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer()
		probe.on('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as net.AddressInfo
			probe.close(() => resolve(port))
		})
	})
}

/** Whether something accepts connections on `port` of the loopback address. */
function listening(port: number): Promise<boolean> {
	return new Promise<boolean>((resolve) => {
		const socket = net.connect(port, '127.0.0.1', () => {
			socket.destroy()
			resolve(true)
		})
		socket.on('error', () => resolve(false))
	})
}

/** Waits until nginx listens on `port`, or has exited. */
function waitForPort(port: number, exited: () => boolean) {
	return until(async () => exited() || (await listening(port)), `nginx listening on ${port}`, { timeoutMs: 5_000, intervalMs: 50 })
}

export interface RunningProxy {
	httpsUrl: string
	httpUrl: string
	/** Fetch options that trust the proxy's certificate (for TestClient). */
	fetchOptions: { dispatcher: Agent }
	errorLog(): string
	stop(): Promise<number | null>
}

/**
 * Debian's nginx with the repository's site config (deploy/nginx/staff-portal.conf.template), rendered
 * for a throwaway self-signed certificate for 127.0.0.1 and the given portal instances.
 */
export async function startNginx(upstreams: string[], ports?: { http: number; https: number }): Promise<RunningProxy> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'))
	// Workers run as nobody: they need their temporary folders.
	fs.chmodSync(dir, 0o755)
	const { cert, key } = selfSignedCertificate(dir)
	const [httpPort, httpsPort] = ports ? [ports.http, ports.https] : [await freePort(), await freePort()]
	const site = renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
		PORTAL_SERVER_NAME: '127.0.0.1',
		PORTAL_PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
		PORTAL_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
		PORTAL_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
		PORTAL_TLS_CERT: cert,
		PORTAL_TLS_KEY: key,
		PORTAL_UPSTREAM_SERVERS: upstreams.map((url) => `server ${new URL(url).host};`).join('\n\t'),
	})
	fs.writeFileSync(path.join(dir, 'staff-portal.conf'), site)
	const temp = (name: string) => {
		const folder = path.join(dir, name)
		fs.mkdirSync(folder, { mode: 0o777 })
		fs.chmodSync(folder, 0o777)
		return folder
	}
	fs.writeFileSync(
		path.join(dir, 'nginx.conf'),
		[
			'daemon off;',
			'worker_processes 1;',
			`pid ${path.join(dir, 'nginx.pid')};`,
			`error_log ${path.join(dir, 'error.log')} warn;`,
			'events { worker_connections 256; }',
			'http {',
			'\taccess_log off;',
			`\tclient_body_temp_path ${temp('body')};`,
			`\tproxy_temp_path ${temp('proxy')};`,
			`\tfastcgi_temp_path ${temp('fastcgi')};`,
			`\tuwsgi_temp_path ${temp('uwsgi')};`,
			`\tscgi_temp_path ${temp('scgi')};`,
			`\tinclude ${path.join(dir, 'staff-portal.conf')};`,
			'}',
			'',
		].join('\n'),
	)
	const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	await waitForPort(httpsPort, () => child.exitCode !== null)
	if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`)
	const errorLog = () => (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '')
	const dispatcher = new Agent({ connect: { ca: fs.readFileSync(cert) } })
	return {
		httpsUrl: `https://127.0.0.1:${httpsPort}`,
		httpUrl: `http://127.0.0.1:${httpPort}`,
		fetchOptions: { dispatcher },
		errorLog,
		async stop() {
			// SIGQUIT: nginx's graceful stop.
			if (child.exitCode === null) child.kill('SIGQUIT')
			const code = await exited
			await dispatcher.close()
			fs.rmSync(dir, { recursive: true, force: true })
			return code
		},
	}
}
