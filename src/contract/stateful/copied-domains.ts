import { LOCALES } from '../endpoints.js'
import type { Alternative } from './freedom-class.js'
import type { Call } from './plan.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const listItems = (body: unknown): Json[] => (isObject(body) && Array.isArray(body.data) ? body.data.filter(isObject) : [])

/** The copy's locales apart: its default locale, which a deployment may make anew as it makes the copy's site, and the others. */
export type CopiedLocales = 'default locale' | 'other locales'

/**
 * What a copy's locale list, learned after its duplicate, shows of duplicateLocaleDomains, for its
 * default locale and for its other locales apart: the target's locales of the group without a
 * domain where the oracle's copied some (`dropped`), or not (`copied`). A group is left out where
 * no locale of the oracle's in it has a domain (then neither alternative shows); nothing is shown
 * where the list is no copy's, either side refused it, or they list different locales. The holder
 * (hold.ts) adopts by it, and --profile sitemock names the class by it (sitemock-choices.ts).
 */
export function copiedDomainsShown(call: Call, target: { status: number; body: unknown }, oracle: { status: number; body: unknown }): Partial<Record<CopiedLocales, Alternative<'duplicateLocaleDomains'>>> {
  if (!call.copy || call.request.template !== LOCALES || target.status !== 200 || oracle.status !== 200) return {}
  const theirs = listItems(target.body)
  const ours = listItems(oracle.body)
  if (theirs.length !== ours.length) return {}
  const shown: Partial<Record<CopiedLocales, Alternative<'duplicateLocaleDomains'>>> = {}
  for (const [group, isDefault] of [['default locale', true], ['other locales', false]] as const) {
    const inGroup = (locales: Json[]): Json[] => locales.filter((locale) => (locale.isDefault === true) === isDefault)
    if (!inGroup(ours).some((locale) => locale.domain !== null)) continue
    shown[group] = inGroup(theirs).every((locale) => locale.domain === null) ? 'dropped' : 'copied'
  }
  return shown
}
