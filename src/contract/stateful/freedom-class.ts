import type { Alternative, ChoiceId, Choices } from '../../freedom/catalogue.js'
import type { ContractRequest } from '../http-client.js'
import type { Answer } from './oracle.js'
import type { Family } from './pools.js'

// What a class of freedom decided by a status is, and what it reads: the classes themselves are
// in freedom-classes.ts (the first ones), freedom-locale-codes.ts, freedom-surface.ts and
// freedom-lifecycle.ts.

export type Json = Record<string, unknown>

/** A status and a body: an answer of either side. */
export interface Reply {
  status: number
  body: unknown
}

/** One request the sequence sent, as a class of freedom reads it. */
export interface Occurrence {
  /** The request as the oracle received it. */
  request: ContractRequest
  oracle: Answer
  target: Reply
  /** The request's key is the Site key of the very site the request is about. */
  ownSiteKey: boolean
  /** The request's key is the Site key (the publicApiKey) of a site the sequence made, this one or another. */
  runSiteKey?: boolean
  /** The oracle's id of the site the request is about, when the sequence knows it. */
  site?: string
  /** The oracle's ids of every site the sequence made. */
  sites?: readonly string[]
  /** For a locale create or rename, the oracle's id of the deleted locale of the site with the code it sends, as the oracle held it before the request (freedom-lifecycle.ts deletedLocaleBefore). */
  deletedLocale?: string
  /** For a request naming a locale by id in its path, whether the oracle held that locale as deleted before the request (freedom-lifecycle.ts deletedLocaleNamedBefore). */
  deletedLocaleNamed?: boolean
  /** For a locale create or update setting a domain, whether a deleted locale of the site had that domain before the request (freedom-lifecycle.ts deletedDomainBefore). */
  deletedDomain?: boolean
  /** For a site update with a null hostOrigin, whether the site had an origin before it, as the oracle held it (freedom-classes.ts hadOriginBefore). */
  hadOrigin?: boolean
  /** The target's id of an oracle id, as the run learned it. */
  targetOf?(oracleId: string): string | undefined
  /** The value class of each parameter, as the planner drew it (a cursor "unknown", "deleted item", ...). */
  classes: Readonly<Record<string, readonly string[]>>
  /** Reads the oracle's state without taking an instant: a GET only (readOnlyPeek). */
  peek(request: ContractRequest): Answer
  /**
   * The family of the locale, page or route the request names by id in its path, when that
   * resource still existed as its site was deleted (an orphan of the site's delete); else undefined.
   */
  orphan?: Family
  /** The domains of the locales that outlived their site's delete on the oracle's side, unless the target was seen to delete a site's locales with it. */
  orphanDomains?(): readonly string[]
  /** The names of the workspace's sites the sequences did not make (the oracle does not hold them), in lower case. */
  workspaceSiteNames?: ReadonlySet<string>
}

/**
 * The oracle's peek for the classes, refusing all but reads: a write peeked at would change the
 * oracle's state behind the sequence's back.
 */
export const readOnlyPeek =
  (peek: (request: ContractRequest) => Answer) =>
  (request: ContractRequest): Answer => {
    if (request.method !== 'GET') throw new Error(`a class of freedom peeked at a ${request.method}: only reads leave the oracle as it was`)
    return peek(request)
  }

/**
 * How the oracle takes on an alternative of the target's: it takes back the write it made (the
 * target refused it; its error must still carry its status's code), sends another request in its
 * place, expects another answer of a request that changed nothing, where it holds nothing to
 * answer from (what it deleted and the target kept) takes the target's answer as it is, or, for a
 * write it refused that the target made, makes the choice itself and answers the request again.
 */
export type Follow = { kind: 'refused' } | { kind: 'resend'; request: ContractRequest } | { kind: 'expect'; answer: Reply } | { kind: 'taken' } | { kind: 'chosen'; choices: Choices }

/** An alternative of a class of the choice catalogue, as contracts/schemas/choices.json names it. */
export type { Alternative }

/**
 * A class of freedom decided by a status: a class of the choice catalogue
 * (contracts/schemas/choices.json), where its document words, its alternatives and sitemock's
 * own are written once; the probes learn it, the mock and the conformance twin follow it, and
 * this reads it in a sequence. A deployment makes one choice for every request of the class.
 * `alternative` reads which one an answer shows (the target's or the oracle's), undefined when it
 * shows none of them (another rule answered first); the type holds it to the catalogue's names.
 */
export interface StatusClass<K extends ChoiceId = ChoiceId> {
  /** The catalogue's class. */
  choice: K
  /** The kind of input that makes the request a class of its own (a Site key's writes per family, a cursor per kind); left out: none. */
  scope?(occurrence: Occurrence): string
  applies(occurrence: Occurrence): boolean
  alternative(reply: Reply, occurrence: Occurrence): Alternative<K> | undefined
  follow(alternative: Alternative<K>, occurrence: Occurrence): Follow | undefined
  /**
   * Every alternative an answer read as `alternative` fits, where it fits more than that one (a 403
   * to a site's publicApiKey on a site read: a key refused everything, or one for live pages
   * alone): the run holds the target to what all its answers fit. Left out: that one alone.
   */
  fits?(alternative: Alternative<K>, occurrence: Occurrence): readonly Alternative<K>[]
  /** Whether this alternative is the whole answer: no later class reads anything of it (a 404 of an operation served elsewhere, a 401 of no key). */
  decisive?(alternative: Alternative<K>): boolean
  /**
   * Whether this occurrence alone shows the alternative; when not (an answer other rules may
   * explain too), it is followed only once an occurrence that does has adopted it. Left out: always.
   */
  establishes?(alternative: Alternative<K>, occurrence: Occurrence): boolean
}

/** The id a choice is adopted under: the catalogue's class, with the input's kind where that makes it a class of its own. */
export function classId(freedom: StatusClass, occurrence: Occurrence): string {
  const scope = freedom.scope?.(occurrence)
  return scope === undefined ? freedom.choice : `${freedom.choice} (${scope})`
}

export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
/** The items of a list answer, or none when the body is no list. */
export const listData = (body: unknown): unknown[] => (isObject(body) && Array.isArray(body.data) ? body.data : [])
export const isEmptyList = ({ status, body }: Reply): boolean => status === 200 && isObject(body) && Array.isArray(body.data) && body.data.length === 0
export const success = (status: number): boolean => status >= 200 && status < 300
