import type { Alternative, ChoiceId } from './catalogue.js'

/** Any 2xx: a deployment may take a write with a 200 or a 201, a delete with a 200 or a 204. */
export const SUCCESS = 'success'
type Status = number | typeof SUCCESS

/**
 * The classes whose alternatives the status alone tells apart, in the situation each class is
 * about (the catalogue's description says which): the status each alternative answers. The probes
 * learn these classes by it and the stateful oracle reads a target's answer by it, and the probe
 * sweep holds the mock to it (started with each alternative, the mock is learned back). The type
 * holds each entry to its class's alternatives in the catalogue, every one of them.
 */
export const STATUSES = {
  repeatedDelete: { 'not-found': 404, idempotent: SUCCESS },
  pathnameConflictCase: { exact: SUCCESS, 'any-case': 409 },
  pathnameLookupCase: { exact: 404, 'any-case': SUCCESS },
  siteNames: { shared: SUCCESS, unique: 409 },
  siteDeleteChildren: { deleted: 404, kept: SUCCESS },
  deletedLocaleRead: { 'not-found': 404, 'by-id': 200 },
  restoreLiveLocale: { '409': 409, '404': 404, '200': 200, '400': 400 },
  siteIdBesideId: { checked: 404, ignored: 200, refused: 400 },
  publicApiKeyRoutes: { refused: 403, read: SUCCESS },
  publicApiKeySiteRead: { refused: 403, read: SUCCESS },
  publicApiKeyLocales: { refused: 403, read: SUCCESS },
  siteKeyRoutes: { read: SUCCESS, refused: 403 },
  siteKeySiteList: { refused: 403, 'own-site': SUCCESS },
  deletedSiteKey: { '401': 401, '403': 403 },
  unservedMethod: { '405': 405, '404': 404 },
  unknownPathKey: { 'path-first': 404, 'key-first': 401 },
  malformedPathId: { '400': 400, '404': 404 },
} as const satisfies { [K in ChoiceId]?: Record<Alternative<K>, Status> }

/** A class whose alternatives the status alone tells apart. */
export type StatusTold = keyof typeof STATUSES

const fits = (expected: Status, status: number): boolean => (expected === SUCCESS ? status >= 200 && status < 300 : expected === status)

/** The alternative of the class a status shows, or undefined where it shows none of them (another rule answered). */
export function alternativeOfStatus<K extends StatusTold>(id: K, status: number): Alternative<K> | undefined {
  const found = Object.entries(STATUSES[id]).find(([, expected]) => fits(expected, status))
  return found?.[0] as Alternative<K> | undefined
}

/** The statuses of a class's alternatives in words (`404, 204`, `403, 2xx`), for a message that names what was awaited. */
export const statusesInWords = (id: StatusTold): string => Object.values(STATUSES[id] as Record<string, Status>).map((status) => (status === SUCCESS ? '2xx' : String(status))).join(', ')
