/**
 * The rules checks hold a deployment to, in words, each with its id: a heading of
 * docs/contract-rules.md, which says the rule in full. A check's rule follows from its id, so a
 * report names the rule without each check spelling it out.
 */
export const RULES = {
  'answer-shape': 'every answer has a documented status, a JSON body (none with a 204) and the documented shape',
  'keys-401': 'a request without a valid API key is a 401 unauthorized',
  'tenant-403': "a key of another workspace or site is a 403 forbidden, and a refused write changes nothing",
  'site-key-sites': 'a Site key cannot list, create, duplicate or delete sites',
  'site-key-scope': 'a Site key reaches its own site and nothing else',
  'object-authorization': "a Site key cannot read or change another site's locale, page or route by its id",
  'read-back': 'what a write answers is what reads back, by id, by code or pathname, and in the lists',
  duplicate: 'a duplicated site copies locales, pages and routes under fresh ids and a new key',
  cascade: "a delete takes what hangs below it: a deleted site's locales, pages and routes are gone; a deleted page leaves its site's other pages alone",
  timestamps: 'createdAt never changes; updatedAt equals createdAt on a new page and moves forward on every write',
  'invalid-input': 'invalid input is a 400 bad_request whose details name the field, and changes nothing',
  'lookup-needs-site': 'a locale code or a pathname in the path needs siteId in the query',
  'default-locale': "a site's default locale cannot be deleted",
  'route-skip-validation': 'skipValidation=true skips only the format rules of a route pathname',
  pathnames: 'a pathname belongs to at most one page or route of a site: a create or rename onto a taken one is a 409 that changes nothing',
  'locale-codes': 'a code belongs to at most one active locale of a site: a create, rename or restore onto a taken one is a 409',
  'pagination-walk': 'walking a list page by page sees every item exactly once, and hasMore is false only on the last page',
  'pagination-boundaries': 'a page holds exactly limit items while more follow; hasMore is exact when limit - 1, limit or limit + 1 items are left',
  'pagination-parameters': 'limit is 1 to 100 (20 by default), and startingAfter must be the id of an item of that same list',
  'sort-order': 'a list comes in the order its sortBy and sortDirection ask for, ties broken by id',
  'path-versions': 'sites, locales and routes answer under /v2 and pages under /v6; other versions are 404',
  'same-as-the-mock': 'any sequence of requests is answered as sitemock answers it: statuses, error codes, fields, timestamps by their order, and lists',
} as const

export type RuleId = keyof typeof RULES

/** Check ids to rules: the first pattern that matches wins. */
const RULE_OF_CHECK: Array<[RegExp, RuleId]> = [
  [/^schema\./, 'answer-shape'],
  [/^auth\.(no-key|malformed-key|unknown-key)$/, 'keys-401'],
  [/^auth\.other-key$/, 'tenant-403'],
  [/^auth\.site-key-no-sites$/, 'site-key-sites'],
  [/^auth\.site-key-own-site$/, 'site-key-scope'],
  [/^auth\.object\./, 'object-authorization'],
  [/^lifecycle\.site\.duplicate$/, 'duplicate'],
  [/^lifecycle\.cascade\./, 'cascade'],
  [/^lifecycle\.timestamps\./, 'timestamps'],
  [/^lifecycle\./, 'read-back'],
  [/^validation\.\w+\.(code|pathname)-needs-site$/, 'lookup-needs-site'],
  [/^validation\.locale\.default-undeletable$/, 'default-locale'],
  [/^validation\.route\.skip-validation$/, 'route-skip-validation'],
  [/^validation\./, 'invalid-input'],
  [/^conflicts\.locale-/, 'locale-codes'],
  [/^conflicts\./, 'pathnames'],
  [/^pagination\.[\w-]+\.walk$/, 'pagination-walk'],
  [/^pagination\.[\w-]+\.boundaries$/, 'pagination-boundaries'],
  [/^pagination\.[\w-]+\.(sorts|order)/, 'sort-order'],
  [/^pagination\./, 'pagination-parameters'],
  [/^versions\./, 'path-versions'],
  [/^stateful\./, 'same-as-the-mock'],
]

/** The rule of a check, by its id; undefined for an id no rule covers (a test keeps that from happening). */
export function ruleOf(checkId: string): RuleId | undefined {
  return RULE_OF_CHECK.find(([pattern]) => pattern.test(checkId))?.[1]
}

/** Where a rule is written out, for reports. */
export const ruleReference = (rule: string): string => `docs/contract-rules.md#${rule}`
