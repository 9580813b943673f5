import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import { holdsServiceRules, type Profile } from '../types.js'
import type { Command, KeyRole, Operation } from './commands.js'
import { Both, type ChildEntry, type Family, type PairedRequest, type Pools } from './pools.js'

type Json = Record<string, unknown>

/** How the page a list answers is expected: as the oracle answers it, or cut from the oracle's whole list in the target's order. */
export type ListExpectation = { kind: 'direct' } | { kind: 'sorted'; sortBy: string; whole: PairedRequest; cursor: string | undefined; limit: number }

/** One request of a sequence, and what the runner learns from its answers. */
export interface Call {
  label: string
  request: PairedRequest
  list?: ListExpectation
  /** A create both sides answered with success: what it adds to the pools. */
  created?: { family: 'site' } | { family: Family; site: number }
}

/** What the planner reads besides the pools. */
export interface PlanContext {
  tag: string
  profile: Profile
  workspaceId: string
  appKey: Both
  /** The other workspace's key on both sides; undefined without --other-api-key. */
  tenantKey?: Both
  /** The target's list of sites starts with sites the run did not make: a site list starts after the last of them. */
  siteAnchor?: string
  pools: Pools
  /** The oracle's latest view of a resource: the code or pathname that names it now. */
  current(oracleId: string): Json | undefined
  phantomId(): string
}

const CODES = ['fr', 'de-DE', 'es', 'pt-BR', 'en-US', 'it']
const TITLES = [null, 'Alpha', 'alpha', 'Beta', 'Zeta']
const DESCRIPTIONS = [null, 'one', 'two', 'Two']
const PATH_SUFFIXES = ['', '/a', '/b', '/a/b', '/[slug]', '/c']
const LIMITS = [undefined, 1, 2, 3, 4, 100]
const SORTS = [undefined, 'path', 'title', 'description', 'updatedAt', 'createdAt']
const DEFAULT_LIMIT = 20

const pick = <T>(values: readonly T[], choice: number): T => values[choice % values.length]!

/** The parts of an operation a profile does not promise: routes, 401s and input validation are promised by the service rules alone. */
function unpromised(profile: Profile, op: Operation, key: KeyRole, invalid: boolean): boolean {
  return profile === 'published' && (op.startsWith('route.') || key === 'none' || invalid)
}

const KEY_WORDS: Record<KeyRole, string> = {
  app: 'the App key',
  own: "the site's own Site key",
  foreign: "another site's Site key",
  tenant: "the other workspace's key",
  none: 'no key',
}

/**
 * The call a command makes in the current state, or undefined when the profile does not
 * promise what it would check. Choices pick the site or resource (modulo its pool), the kind
 * of input (valid, conflicting through the small shared name pools, or invalid) and the list
 * parameters.
 */
export function planCall(command: Command, ctx: PlanContext): Call | undefined {
  const [c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0] = command.choices
  const { pools, tag } = ctx
  const path = (choice: number): string => `/${tag}${pick(PATH_SUFFIXES, choice)}`
  const keyFor = (site: number): Both | null | undefined => {
    switch (command.key) {
      case 'app':
        return ctx.appKey
      case 'own':
        return pools.sites[site]!.key
      case 'foreign':
        return pools.sites[pools.otherSite(site, c7)]!.key
      case 'tenant':
        return ctx.tenantKey ?? ctx.appKey
      case 'none':
        return null
    }
  }
  const call = (site: number, request: Omit<PairedRequest, 'key'>, invalid = false, extra: Partial<Call> = {}): Call | undefined => {
    if (unpromised(ctx.profile, command.op, command.key, invalid)) return undefined
    return { label: `${command.op} with ${KEY_WORDS[command.key]}${invalid ? ' (invalid input)' : ''}`, request: { ...request, key: keyFor(site) ?? null }, ...extra }
  }
  const site = pools.site(c0)
  const siteId = pools.sites[site]!.id
  /** A locale, page or route named by id, by its code or pathname with ?siteId=, or a random id that names nothing. */
  const named = (family: Family, nameField: 'locale' | 'pathname'): { entry?: ChildEntry; value: Both | string; query: Json } => {
    const entry = pools.child(family, c0)
    const by = c1 % 6
    if (!entry || by === 5) return { value: ctx.phantomId(), query: {} }
    const name = ctx.current(entry.id.oracle)?.[nameField]
    if (by >= 3 && typeof name === 'string') return { entry, value: name, query: { siteId: pools.sites[entry.site]!.id } }
    return { entry, value: entry.id, query: {} }
  }
  const limit = pick(LIMITS, c2)

  switch (command.op) {
    case 'site.create': {
      const variant = c1 % 10
      const body: Json = { workspaceId: variant === 7 ? ctx.phantomId() : ctx.workspaceId, name: variant === 6 ? '' : `${tag} s${c2 % 100}` }
      if (c3 % 3 === 0) body.hostOrigin = 'https://example.com'
      if (c4 % 3 === 0) body.defaultLocale = pick(['fr', 'de-DE', 'en-US'], c5)
      if (variant === 8) body.extra = true
      if (variant === 9) delete body.name
      return call(site, { method: 'POST', template: SITES, body }, variant === 6 || variant >= 8, { created: { family: 'site' } })
    }
    case 'site.get':
      return call(site, { method: 'GET', template: SITE, params: { siteId: c1 % 8 === 0 ? ctx.phantomId() : siteId } })
    case 'site.update': {
      const variant = c1 % 9
      const bodies: Json[] = [
        { name: `${tag} renamed ${c2 % 10}` },
        { hostOrigin: 'https://renamed.example.com' },
        { hostOrigin: null },
        {},
        { name: `${tag} both`, hostOrigin: 'https://both.example.com' },
        { name: '' },
        { defaultLocale: 'fr' },
        { extra: 1 },
        { name: 'x'.repeat(257) },
      ]
      return call(site, { method: 'PATCH', template: SITE, params: { siteId }, body: bodies[variant] }, variant >= 5)
    }
    case 'site.delete': {
      // The own site rarely: deleting it ends most of what the sequence can still do.
      const doomed = c1 % 3 === 0 ? 0 : pools.otherSite(0, c2)
      return call(doomed, { method: 'DELETE', template: SITE, params: { siteId: pools.sites[doomed]!.id } })
    }
    case 'site.duplicate': {
      const invalid = c1 % 6 === 0
      return call(site, { method: 'POST', template: SITE_DUPLICATE, params: { siteId }, body: invalid ? {} : { name: `${tag} copy ${c2 % 10}` } }, invalid, { created: { family: 'site' } })
    }
    case 'site.list': {
      const cursor = c3 % 3 === 0 ? pools.sites[pools.site(c4)]!.id : new Both(ctx.siteAnchor, undefined)
      const invalid = c5 % 10 === 0
      return call(site, { method: 'GET', template: SITES, query: { workspaceId: ctx.workspaceId, limit: invalid ? 0 : limit, startingAfter: cursor } }, invalid, { list: { kind: 'direct' } })
    }
    case 'locale.create': {
      const variant = c3 % 8
      const body: Json = { siteId: variant === 2 ? ctx.phantomId() : siteId, locale: variant === 0 ? 'EN_us' : pick(CODES, c1) }
      if (c2 % 4 === 0) body.domain = 'https://fr.example.com'
      if (variant === 1) delete body.locale
      return call(site, { method: 'POST', template: LOCALES, body }, variant <= 1, { created: { family: 'locale', site } })
    }
    case 'locale.get':
    case 'locale.delete':
    case 'locale.restore': {
      const { entry, value, query } = named('locale', 'locale')
      const method = command.op === 'locale.get' ? 'GET' : command.op === 'locale.delete' ? 'DELETE' : 'POST'
      return call(entry?.site ?? site, { method, template: command.op === 'locale.restore' ? LOCALE_RESTORE : LOCALE, params: { localeIdOrCode: value }, query })
    }
    case 'locale.update': {
      const { entry, value, query } = named('locale', 'locale')
      const variant = c2 % 7
      const bodies: Json[] = [{ locale: pick(CODES, c3) }, { locale: pick(CODES, c4) }, { domain: 'https://de.example.com' }, { domain: null }, {}, { locale: 'EN' }, { pathPrefix: '/x' }]
      return call(entry?.site ?? site, { method: 'PATCH', template: LOCALE, params: { localeIdOrCode: value }, query, body: bodies[variant] }, variant >= 5)
    }
    case 'locale.list': {
      const cursor = c3 % 3 === 0 ? pools.child('locale', c4)?.id : undefined
      const invalid = c5 % 10 === 0
      return call(site, { method: 'GET', template: LOCALES, query: { siteId, limit: invalid ? 101 : limit, startingAfter: cursor } }, invalid, { list: { kind: 'direct' } })
    }
    case 'page.create': {
      const variant = c2 % 12
      const pathname = variant === 0 ? 'no-slash' : variant === 1 ? `/${tag}/trailing/` : path(c1)
      return call(site, { method: 'POST', template: PAGES, body: { siteId: variant === 2 ? ctx.phantomId() : siteId, pathname, name: `${tag} page` } }, variant <= 1, { created: { family: 'page', site } })
    }
    case 'page.get': {
      const { entry, value, query } = named('page', 'pathname')
      if (c2 % 10 === 0) query.versionRef = 'ref:live'
      if (c3 % 6 === 0) query.locale = pick(CODES, c4)
      return call(entry?.site ?? site, { method: 'GET', template: PAGE, params: { pageIdOrPathname: value }, query })
    }
    case 'page.update': {
      const { entry, value, query } = named('page', 'pathname')
      const variant = c2 % 14
      const bodies: Json[] = [
        { pathname: path(c3) },
        { pathname: path(c4) },
        { title: pick(TITLES, c3) },
        { title: pick(TITLES, c4) },
        { pathname: path(c5), title: pick(TITLES, c6) },
        { description: pick(DESCRIPTIONS, c3) },
        { isOnline: c3 % 2 === 0 },
        { sitemapPriority: 0.5, sitemapFrequency: 'weekly' },
        {},
        { name: `${tag} renamed page` },
        { title: pick(TITLES, c4), description: pick(DESCRIPTIONS, c5) },
        { sitemapPriority: 2 },
        { title: 5 },
        { pathname: 'x' },
      ]
      // The published update body has pathname, name and isOnline only.
      const published = [0, 1, 6, 8, 9].includes(variant)
      if (ctx.profile === 'published' && !published) return undefined
      return call(entry?.site ?? site, { method: 'PATCH', template: PAGE, params: { pageIdOrPathname: value }, query, body: bodies[variant] }, variant >= 11)
    }
    case 'page.delete':
    case 'route.delete':
    case 'route.get': {
      const family = command.op === 'page.delete' ? 'page' : 'route'
      const { entry, value, query } = named(family, 'pathname')
      const template = family === 'page' ? PAGE : ROUTE
      return call(entry?.site ?? site, { method: command.op === 'route.get' ? 'GET' : 'DELETE', template, params: { [family === 'page' ? 'pageIdOrPathname' : 'routeIdOrPathname']: value }, query })
    }
    case 'page.list':
      return pageList(command, ctx, call, site)
    case 'route.create': {
      const variant = c2 % 8
      const skipValidation = c3 % 5 === 0 ? 'true' : undefined
      const pathname = variant === 0 ? 'no-slash' : path(c1)
      const invalid = variant === 0 && skipValidation === undefined
      return call(site, { method: 'POST', template: ROUTES, query: { skipValidation }, body: { siteId: variant === 1 ? ctx.phantomId() : siteId, pathname } }, invalid, { created: { family: 'route', site } })
    }
    case 'route.update': {
      const { entry, value, query } = named('route', 'pathname')
      const variant = c2 % 5
      const bodies: Json[] = [{ pathname: path(c3) }, { pathname: `${path(c4)}/[id]` }, {}, { pathname: 'a b' }, { pathname: `/${tag}/[x]/[x]` }]
      return call(entry?.site ?? site, { method: 'PATCH', template: ROUTE, params: { routeIdOrPathname: value }, query, body: bodies[variant] }, variant >= 3)
    }
    case 'route.list': {
      const cursor = c3 % 3 === 0 ? pools.child('route', c4)?.id : undefined
      return call(site, { method: 'GET', template: ROUTES, query: { siteId, limit, startingAfter: cursor } }, false, { list: { kind: 'direct' } })
    }
  }
}

/** A page list with every sort, direction, filter, version and cursor, through either of its two paths. */
function pageList(command: Command, ctx: PlanContext, call: (site: number, request: Omit<PairedRequest, 'key'>, invalid?: boolean, extra?: Partial<Call>) => Call | undefined, site: number): Call | undefined {
  const [, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0] = command.choices
  const siteId = ctx.pools.sites[site]!.id
  const inPath = c1 % 4 === 0 && holdsServiceRules(ctx.profile)
  const invalid = c4 % 15 === 14
  const sortBy = invalid ? 'size' : pick(SORTS, c3)
  const filters: Json = {
    sortBy,
    sortDirection: pick([undefined, 'asc', 'desc'], c4),
    includeOffline: pick([undefined, 'true', 'false'], c5),
    pathPrefix: c6 % 6 === 0 ? `/${ctx.tag}${pick(PATH_SUFFIXES, c6 >> 3)}` : undefined,
    versionRef: c6 % 16 === 1 ? 'ref:live' : c6 % 16 === 2 ? 'ref:draft' : undefined,
    locale: c6 % 16 === 3 ? pick(CODES, c6 >> 4) : undefined,
    ...(inPath ? {} : { siteId }),
  }
  const cursor = c7 % 3 === 0 ? ctx.pools.child('page', c7 >> 2)?.id : undefined
  const limit = pick(LIMITS, c2)
  const template = inPath ? SITE_PAGES : PAGES
  const params: Record<string, Both> = inPath ? { siteId } : {}
  const whole: PairedRequest = { method: 'GET', template, params, query: { ...filters, limit: 100 }, key: ctx.appKey }
  return call(site, { method: 'GET', template, params, query: { ...filters, limit, startingAfter: cursor } }, invalid, {
    list: { kind: 'sorted', sortBy: typeof sortBy === 'string' ? sortBy : 'path', whole, cursor: cursor?.oracle, limit: limit ?? DEFAULT_LIMIT },
  })
}
