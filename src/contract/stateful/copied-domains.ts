import { LOCALES } from '../endpoints.js'
import type { Alternative } from './freedom-class.js'
import type { Call } from './plan.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const listItems = (body: unknown): Json[] => (isObject(body) && Array.isArray(body.data) ? body.data.filter(isObject) : [])

/**
 * What a copy's locale list, learned after its duplicate, shows of duplicateLocaleDomains: the
 * target's locales without a domain where the oracle's copied some (`dropped`), or not (`copied`).
 * Undefined where the list is no copy's, either side refused it, they list different locales, or
 * no locale of the oracle's has a domain (then neither alternative shows). The holder (hold.ts)
 * adopts by it, and --profile sitemock names the class by it (sitemock-choices.ts).
 */
export function copiedDomainsShown(call: Call, target: { status: number; body: unknown }, oracle: { status: number; body: unknown }): Alternative<'duplicateLocaleDomains'> | undefined {
  if (!call.copy || call.request.template !== LOCALES || target.status !== 200 || oracle.status !== 200) return undefined
  const theirs = listItems(target.body)
  const ours = listItems(oracle.body)
  if (theirs.length !== ours.length || !ours.some((locale) => locale.domain !== null)) return undefined
  return theirs.every((locale) => locale.domain === null) ? 'dropped' : 'copied'
}
