import { pathnameCharactersProblem, SEARCH_FIELDS, upperCasePathname, type Chosen } from '../freedom/kept-input.js'
import { badRequest, invalidField } from './errors.js'

// What the mock refuses of a page's input under a deployment's choices (pagePathnameCharacters,
// pagePathnameCase, emptyPageUpdate, pageUpdateSearchFields), in the API's envelope: what each
// alternative takes is src/freedom/kept-input.ts's.

/**
 * A 400 naming `pathname` for a deployment that refuses some characters in a page pathname: brackets,
 * dot segments, whitespace and non-ASCII ones (`refused`), all but letters, marks and digits of
 * any script and -_.~ (`letters`), or a segment that slugs to nothing (`slugged`); or upper-case
 * letters (pagePathnameCase `refused`).
 */
export function requireAcceptedPathnameCharacters(pathname: string, choices: Chosen): void {
  const problem = pathnameCharactersProblem(pathname, choices?.pagePathnameCharacters)
  const refusal = problem ?? (choices?.pagePathnameCase === 'refused' ? upperCasePathname(pathname) : undefined)
  if (refusal !== undefined) throw invalidField('pathname', refusal)
}

/** A page PATCH body as the deployment takes it: search fields applied, left out (ignored), or a 400 naming each (refused). */
export function keptPageUpdate<B extends object>(body: B, choices: Chosen): B {
  const kept = withoutSearchFields(body, choices)
  // A deployment that refuses an update changing nothing, or any update without its pathname (choice
  // emptyPageUpdate), in the published 400's words: "Missing pathname field."
  if (choices?.emptyPageUpdate === 'refused' && Object.keys(kept).length === 0) {
    throw badRequest([{ field: 'pathname', message: 'is missing: a page update needs at least one of pathname, name and isOnline' }])
  }
  if (choices?.emptyPageUpdate === 'pathname-required' && !('pathname' in kept)) {
    throw badRequest([{ field: 'pathname', message: "is missing: every page update carries the page's pathname (its own, to keep it)" }])
  }
  return kept
}

function withoutSearchFields<B extends object>(body: B, choices: Chosen): B {
  const mode = choices?.pageUpdateSearchFields ?? 'applied'
  if (mode === 'applied') return body
  const sent = SEARCH_FIELDS.filter((field) => field in body)
  if (sent.length === 0) return body
  if (mode === 'refused') throw badRequest(sent.map((field) => ({ field, message: 'is not a field of a page update; send only pathname, name and isOnline' })))
  const kept = { ...body } as Record<string, unknown>
  for (const field of sent) delete kept[field]
  return kept as B
}

