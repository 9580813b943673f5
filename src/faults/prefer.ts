import { ApiError } from '../api/errors.js'
import { documentedStatuses, type RegisteredOperation } from '../api/types.js'
import { schemas } from '../generated/validators/body.js'

export interface Preference {
  /** A status to answer instead of running the operation. */
  code?: number
  /** Milliseconds to wait before answering. */
  delay?: number
}

/**
 * The longest delay, from Prefer, a fault or --latency: the fault schema's bound on latencyMs,
 * so that every way of asking for a delay takes the same ones. Read from the validators' copy of
 * the schema, which a page holds already, not from the schema's JSON module.
 */
export const MAX_DELAY_MS: number = schemas['control-fault.json'].$defs.latency.anyOf[0]!.maximum!

/**
 * The Prefer header in Prism's style: `Prefer: code=409`, `Prefer: delay=1500`, or both
 * (`code=409, delay=1500`). Other preferences are ignored, as RFC 7240 asks.
 */
export function parsePrefer(header: string | undefined, operation: RegisteredOperation): Preference {
  const preference: Preference = {}
  if (header === undefined) return preference
  for (const token of header.split(/[,;]/)) {
    const [rawName = '', ...rest] = token.split('=')
    const name = rawName.trim().toLowerCase()
    const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1')
    if (name === 'code') preference.code = documentedCode(value, operation)
    else if (name === 'delay') preference.delay = delayOf(value)
  }
  return preference
}


function documentedCode(value: string, operation: RegisteredOperation): number {
  const documented = documentedStatuses(operation)
  const code = /^\d{3}$/.test(value) ? Number(value) : undefined
  if (code !== undefined && documented.includes(code)) return code
  const message = `code=${value} is not a status that ${operation.operationId} documents; documented: ${documented.join(', ')}`
  throw new ApiError(400, 'bad_request', `Prefer: ${message}.`, [{ field: 'prefer', message }])
}

function delayOf(value: string): number {
  const delay = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN
  if (delay <= MAX_DELAY_MS) return delay
  const message = `delay=${value} is not accepted; must be milliseconds from 0 to ${MAX_DELAY_MS}`
  throw new ApiError(400, 'bad_request', `Prefer: ${message}.`, [{ field: 'prefer', message }])
}
