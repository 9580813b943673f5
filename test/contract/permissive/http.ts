/**
 * The permissive implementation's view of HTTP: a request in parts, an answer, and the error
 * envelope of the specification ("Errors": `object`, `code`, `message`, and `details` on a 400).
 */
export interface Request {
  method: string
  path: string
  query: string
  headers: Record<string, string | undefined>
  body: string | undefined
}

export interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
}

export type Json = Record<string, unknown>

const CODES: Record<number, string> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 409: 'conflict' }

/** Thrown by a handler to answer with an error; the server turns it into the envelope. */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export const badField = (field: string, message: string): Refusal => new Refusal(400, `${field}: ${message}`, field)

export function errorAnswer(refusal: Refusal): Answer {
  const body: Json = { object: 'error', code: CODES[refusal.status], message: refusal.message }
  // One detail: the first invalid field found (the specification's "one item per invalid field"
  // is met for a request with one bad field; with several, this implementation names the first).
  if (refusal.status === 400) body.details = [{ field: refusal.field ?? 'body', message: refusal.message }]
  return { status: refusal.status, headers: {}, body }
}

export const ok = (body: unknown, status = 200): Answer => ({ status, headers: {}, body })
export const noContent = (): Answer => ({ status: 204, headers: {}, body: undefined })
