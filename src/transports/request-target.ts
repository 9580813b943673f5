import { badRequest, type ApiError } from '../api/errors.js'

/** How much of a refused target the 400 repeats: enough to recognise it, never 64 KiB of it. */
const SHOWN_TARGET_LENGTH = 200

/**
 * Why a request target cannot be routed, or undefined for an origin-form one ("/v2/sites?...").
 * Node hands the request line's target on as it came: the absolute form a client sends to an
 * HTTP proxy (http://localhost/v2/sites, the mock set as a proxy by mistake), the asterisk form
 * (OPTIONS *) and the authority form (CONNECT host:443) all reach the handler. None is routed,
 * not even an absolute form naming this server: only a proxy is sent one, so it means a
 * misconfigured client, which a 400 shows where routing would hide it; and its host would be
 * another than the Host header the host check reads. The proxy forwards none of them either.
 */
export function targetRefusal(target: string | undefined): ApiError | undefined {
  if (target !== undefined && target.startsWith('/')) return undefined
  return badRequest(
    [{ field: '(request-target)', message: `${describeTarget(target)} is not a path; send an origin-form target starting with "/", such as GET /v2/sites (absolute-form http://host/path, authority-form host:port and asterisk-form * are not accepted)` }],
    'The request target must be a path starting with "/".',
  )
}

function describeTarget(target: string | undefined): string {
  if (target === undefined || target === '') return 'an empty target'
  const shown = target.length > SHOWN_TARGET_LENGTH ? `${target.slice(0, SHOWN_TARGET_LENGTH)}…` : target
  return `${JSON.stringify(shown)} (${targetForm(target)})`
}

function targetForm(target: string): string {
  if (target === '*') return 'asterisk-form'
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(target)) return 'absolute-form'
  if (/^[^/?#]+:\d*$/.test(target) || /^\[[^\]]*\]:\d*$/.test(target)) return 'authority-form'
  return 'not origin-form'
}
