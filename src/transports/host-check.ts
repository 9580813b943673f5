import { isIP } from 'node:net'
import type { IncomingMessage } from 'node:http'
import { ApiError, badRequest } from '../api/errors.js'
import { CONTROL_PREFIX } from '../control/control-types.js'

/**
 * The Host check of the node server, against DNS rebinding: a web page on a domain its owner
 * points at 127.0.0.1 reaches a server on this machine as its own origin, so the browser would
 * let it read the control plane (keys, state) and write to it. Such a request carries the page's
 * domain as its Host, which the server does not answer to. Allowed without asking:
 * - localhost and its subdomains (RFC 6761: always this machine, no one else's DNS decides);
 * - any IP address (127.0.0.1, [::1], 192.168.1.5, ...): rebinding needs a name, and a page whose
 *   origin is an address already talks to that address;
 * - the name the server was bound to (listen's `host`);
 * - what `allowedHosts` adds: a name (api.test), or a domain with its subdomains (.example.com).
 * A request without Host comes from no browser: HTTP/1.0 is answered, HTTP/1.1 (which requires
 * one) is a 400 (see hostRefusal).
 */
export function hostCheck(bindHost: string | undefined, allowedHosts: readonly string[] = []): (host: string | undefined) => boolean {
  for (const entry of allowedHosts) {
    const problem = allowedHostProblem(entry)
    if (problem) throw new Error(`allowedHosts: ${problem}`)
  }
  const names = new Set(allowedHosts.filter((entry) => !entry.startsWith('.')).map((entry) => entry.toLowerCase()))
  if (bindHost !== undefined) names.add(bindHost.toLowerCase())
  const domains = ['.localhost', ...allowedHosts.filter((entry) => entry.startsWith('.')).map((entry) => entry.toLowerCase())]
  // Clients send the same Host on every request: the last one allowed is remembered, so the
  // check costs a string comparison, not a parse.
  let lastAllowed: string | undefined
  return (host) => {
    if (host === undefined || host === lastAllowed) return true
    const name = hostName(host)
    if (name === undefined) return false
    const allowed = name === 'localhost' || isIP(name.replace(/^\[|\]$/g, '')) !== 0 || names.has(name) || domains.some((domain) => name.endsWith(domain) || name === domain.slice(1))
    if (allowed) lastAllowed = host
    return allowed
  }
}

/** The host name of a Host header (no port, lower case, no trailing dot), or undefined when it is not a valid one. */
function hostName(host: string): string | undefined {
  // A Host header is a name or address and a port; anything else (user info, a path) could make
  // the URL parser below read another host than the one sent.
  if (!/^[\w.\-:[\]]+$/.test(host)) return undefined
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, '')
  } catch {
    return undefined
  }
}

/** Why a value cannot be an allowed host, or undefined when it can: a name, or .domain for it and its subdomains. */
export function allowedHostProblem(value: string): string | undefined {
  if (/^\.?[a-z\d]([a-z\d-]*[a-z\d])?(\.[a-z\d]([a-z\d-]*[a-z\d])?)*$/i.test(value)) return undefined
  return `"${value}" is not a host name; give a name such as mock.test (no scheme, no port), or .example.com for a domain and its subdomains`
}

/** The 403 for a Host the server does not answer to, naming it and the way to allow it. */
function forbiddenHost(host: string): ApiError {
  const name = hostName(host)
  const allow = name === undefined ? '' : ` To allow it, start sitemock with --allowed-host ${name} (or the allowedHosts option of listen and createNodeServer).`
  return new ApiError(
    403,
    'forbidden',
    `This server does not answer to the Host "${host}": it answers to localhost, IP addresses and the hosts allowed, so that a web page cannot reach it through DNS rebinding.${allow}`,
  )
}

/**
 * The Origin check of control-plane writes: stricter than the Host rule, which allows every IP
 * address. A page served from an address (http://203.0.113.7/) is a page of whoever holds that
 * address, and its form may POST to this machine with no preflight. Allowed: loopback addresses
 * (127.0.0.0/8, ::1), the address the server is bound to, localhost and its subdomains, and the
 * `allowedHosts` (names, domains, or an address given there on purpose).
 */
export function originCheck(bindHost: string | undefined, allowedHosts: readonly string[] = []): (origin: string) => boolean {
  const names = new Set(allowedHosts.filter((entry) => !entry.startsWith('.')).map((entry) => entry.toLowerCase()))
  if (bindHost !== undefined) names.add(bindHost.toLowerCase().replace(/^\[|\]$/g, ''))
  const domains = ['.localhost', ...allowedHosts.filter((entry) => entry.startsWith('.')).map((entry) => entry.toLowerCase())]
  return (origin) => {
    if (!URL.canParse(origin)) return false
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
    const name = url.hostname.replace(/\.$/, '').replace(/^\[|\]$/g, '')
    return name === 'localhost' || isLoopback(name) || names.has(name) || domains.some((domain) => name.endsWith(domain) || name === domain.slice(1))
  }
}

/**
 * Whether an address, as the URL parser normalizes it (no brackets), is one only this machine
 * reaches: 127.0.0.0/8 and ::1, and 127.x mapped into IPv6 (::ffff:7fxx:xxxx).
 */
function isLoopback(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.')
  return address === '::1' || /^::ffff:7f[\da-f]{2}:[\da-f]{1,4}$/.test(address)
}

/** Why the node server refuses a request for its Host or Origin (see hostCheck and originCheck), or undefined when it answers it. */
export function hostRefusal(req: IncomingMessage, hostAllowed: (host: string | undefined) => boolean, originAllowed: (origin: string) => boolean): ApiError | undefined {
  const { host, origin } = req.headers
  if (host === undefined && req.httpVersion !== '1.0') {
    return badRequest([{ field: 'host', message: `is required in HTTP/${req.httpVersion}; send the host and port of the URL, e.g. Host: localhost:4010` }])
  }
  if (!hostAllowed(host)) return forbiddenHost(host!)
  if (crossSiteControlWrite(originAllowed, req.method, req.url, origin, host)) return forbiddenOrigin(origin!)
  return undefined
}

/**
 * Whether a request is a write to the control plane sent by a web page of another site: a form
 * or a fetch without custom headers (POST /__mock/reset with no body) is sent by the browser
 * with no CORS preflight, so the page would reset the state without reading a byte. The browser
 * names the page in Origin; a page on this machine (localhost, a loopback address, the bound
 * address) or on an allowed host may write, as may every client that sends no Origin (curl,
 * tests). The API needs a key in a header, which no page of another site can send without the
 * preflight CORS refuses.
 */
function crossSiteControlWrite(originAllowed: (origin: string) => boolean, method: string | undefined, url: string | undefined, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !url?.startsWith(CONTROL_PREFIX)) return false
  // A page of this server itself (the dashboard reached at http://192.168.1.5:4010 on a server
  // bound to 0.0.0.0) writes to the address it came from: its origin is the request's own host.
  if (host !== undefined && URL.canParse(origin) && new URL(origin).host === host.toLowerCase()) return false
  // "null" is a sandboxed frame or a file, which any site can make.
  return !originAllowed(origin)
}

/** The 403 for a control-plane write from a page of another site. */
function forbiddenOrigin(origin: string): ApiError {
  const name = URL.canParse(origin) ? new URL(origin).hostname.replace(/^\[|\]$/g, '') : undefined
  const allow = name === undefined || name === '' ? '' : ` To allow it, start sitemock with --allowed-host ${name} (or the allowedHosts option of listen and createNodeServer).`
  return new ApiError(403, 'forbidden', `The control plane takes no writes from the web page at ${origin}: only from pages on localhost, loopback addresses, the address it is bound to and the hosts allowed, so that another site cannot reset or change the state.${allow}`)
}
