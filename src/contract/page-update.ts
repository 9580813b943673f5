import { freeChoice } from './choice-reasons.js'
import type { ContractOptions } from './types.js'

type Json = Record<string, unknown>

/**
 * A page update's body as the target takes it. The published update body requires none of
 * `pathname`, `name` and `isOnline`, but its 400 is "Missing pathname field.": a deployment may
 * require the pathname in every update (emptyPageUpdate `pathname-required`, learned or given),
 * and then gets the page's own beside the fields that change, so the update shows what it is for.
 */
export function pageUpdate(options: Pick<ContractOptions, 'choices'>, page: Json, body: Json): Json {
  if (options.choices?.emptyPageUpdate !== 'pathname-required' || 'pathname' in body || typeof page.pathname !== 'string') return body
  return { pathname: page.pathname, ...body }
}

/** Why an update sent without its pathname holds the target to sitemock, where no learned choice says the pathname is required. */
export const PATHNAME_OPTIONAL = freeChoice('emptyPageUpdate', 'the published page update requires no field, and its 400 "Missing pathname field." does not say when: sitemock takes an update without a pathname')
