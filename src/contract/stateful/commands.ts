import type { HttpMethod } from '../../api/types.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import { createRandom } from '../../random.js'

/** Every operation of the four families, as a command of a random sequence. */
export const OPERATIONS = [
  'site.create', 'site.get', 'site.update', 'site.delete', 'site.duplicate', 'site.list',
  'locale.create', 'locale.get', 'locale.update', 'locale.delete', 'locale.restore', 'locale.list',
  'page.create', 'page.get', 'page.update', 'page.delete', 'page.list',
  'route.create', 'route.get', 'route.update', 'route.delete', 'route.list',
] as const
export type Operation = (typeof OPERATIONS)[number]

/** Where each operation is sent: its parameters are the ones the route table documents there. */
export const ENDPOINTS: Readonly<Record<Operation, ReadonlyArray<{ method: HttpMethod; template: string }>>> = {
  'site.create': [{ method: 'POST', template: SITES }],
  'site.get': [{ method: 'GET', template: SITE }],
  'site.update': [{ method: 'PATCH', template: SITE }],
  'site.delete': [{ method: 'DELETE', template: SITE }],
  'site.duplicate': [{ method: 'POST', template: SITE_DUPLICATE }],
  'site.list': [{ method: 'GET', template: SITES }],
  'locale.create': [{ method: 'POST', template: LOCALES }],
  'locale.get': [{ method: 'GET', template: LOCALE }],
  'locale.update': [{ method: 'PATCH', template: LOCALE }],
  'locale.delete': [{ method: 'DELETE', template: LOCALE }],
  'locale.restore': [{ method: 'POST', template: LOCALE_RESTORE }],
  'locale.list': [{ method: 'GET', template: LOCALES }],
  'page.create': [{ method: 'POST', template: PAGES }],
  'page.get': [{ method: 'GET', template: PAGE }],
  'page.update': [{ method: 'PATCH', template: PAGE }],
  'page.delete': [{ method: 'DELETE', template: PAGE }],
  'page.list': [{ method: 'GET', template: PAGES }, { method: 'GET', template: SITE_PAGES }],
  'route.create': [{ method: 'POST', template: ROUTES }],
  'route.get': [{ method: 'GET', template: ROUTE }],
  'route.update': [{ method: 'PATCH', template: ROUTE }],
  'route.delete': [{ method: 'DELETE', template: ROUTE }],
  'route.list': [{ method: 'GET', template: ROUTES }],
}

/**
 * How often each operation is drawn. Deleting a site ends most of what a sequence can still
 * do in it, so it is rare; page lists, with their many sorts and filters, are frequent.
 */
const WEIGHTS: Record<Operation, number> = {
  'site.create': 1, 'site.get': 1, 'site.update': 2, 'site.delete': 1, 'site.duplicate': 1, 'site.list': 2,
  'locale.create': 5, 'locale.get': 3, 'locale.update': 4, 'locale.delete': 2, 'locale.restore': 2, 'locale.list': 3,
  'page.create': 20, 'page.get': 4, 'page.update': 10, 'page.delete': 2, 'page.list': 12,
  'route.create': 8, 'route.get': 2, 'route.update': 3, 'route.delete': 2, 'route.list': 4,
}

/**
 * The key a command is sent with, named by its relation to the site the command works in:
 * the App key, that site's own Site key, the Site key of another site of the run, the other
 * workspace's key (--other-api-key), or no key at all.
 */
export const KEY_ROLES = ['app', 'own', 'foreign', 'tenant', 'none'] as const
export type KeyRole = (typeof KEY_ROLES)[number]
const KEY_WEIGHTS: Record<KeyRole, number> = { app: 16, own: 5, foreign: 4, tenant: 1, none: 1 }

/** How many random choices a command carries; each operation reads the ones it needs. */
export const CHOICES = 8

/**
 * One abstract command. Its choices are plain numbers resolved when the command runs (the
 * resource a choice names is taken modulo what exists by then), so any subsequence of a
 * sequence is still a sequence: that is what lets a divergence be shrunk by removing commands.
 */
export interface Command {
  op: Operation
  key: KeyRole
  choices: number[]
}

/** How many commands a sequence holds. */
export const SEQUENCE_LENGTH = 50

function weighted<T extends string>(weights: Record<T, number>, draw: number): T {
  const entries = Object.entries(weights) as Array<[T, number]>
  let rest = draw * entries.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [name, weight] of entries) {
    rest -= weight
    if (rest < 0) return name
  }
  return entries[entries.length - 1]![0]
}

/** The sequence of a seed: the same seed always gives the same commands, whatever the target answers. */
export function generateSequence(seed: number, length = SEQUENCE_LENGTH): Command[] {
  const random = createRandom(seed)
  return Array.from({ length }, () => ({
    op: weighted(WEIGHTS, random.next()),
    key: weighted(KEY_WEIGHTS, random.next()),
    choices: Array.from({ length: CHOICES }, () => Math.floor(random.next() * 65_536)),
  }))
}
