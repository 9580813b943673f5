import { routePathnameProblem } from '../../freedom/route-pathname.js'
import { createRandom } from '../../random.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import { DEFAULT_LIMIT } from '../exchange-rules.js'
import { nearMisses, publishedBodySchema } from '../invalid-cases.js'
import { isRunOrigin, isRunName, siteCarriesTag, taggedOrigin, type SiteMarks } from '../tag.js'
import { holdsServiceRules, type Profile } from '../types.js'
import type { Command, KeyRole, Operation } from './commands.js'
import { classify, enumOf, KEY_CLASSES, PARAMETERS, parameterOf, refusedFields, type Coverage, type InputClasses } from './coverage.js'
import { Both, NAME_FIELD, onSide, type ChildEntry, type Family, type PairedRequest, type Pools } from './pools.js'

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
  /** The fields the request deliberately breaks, as a 400 names them: a 400 naming any of them is the expected refusal. */
  broken?: string[]
  /** The value class of each documented parameter, for coverage. */
  input?: InputClasses
  /** A copy's lists (locales, pages, routes), learned after its duplicate: what of them was copied is the target's own (hold.ts). */
  copy?: boolean
}

/** What the planner reads besides the pools. */
export interface PlanContext {
  tag: string
  profile: Profile
  workspaceId: string
  appKey: Both
  /** The other workspace's key on both sides; undefined without --other-api-key. */
  tenantKey?: Both
  /** The Site key of a site the run did not make, for another site's Site key where the run's sites' keys are no keys. */
  foreignKey?: Both
  /** The target's list of sites starts with sites the run did not make: a site list starts after the last of them. */
  siteAnchor?: string
  pools: Pools
  /** The oracle's latest view of a resource: the code or pathname that names it now. */
  current(oracleId: string): Json | undefined
  phantomId(): string
  /**
   * Whether the oracle no longer holds this site, locale, page or route (deleted, or its site
   * deleted). Without it, ids are not classed as existing or deleted, and every resource counts
   * as holding its name.
   */
  gone?(oracleId: string): boolean
  /** Where each planned call's value classes are counted. */
  coverage?: Coverage
  /** The target's last answer for a site of the run (by its target id): where its run tag is. */
  siteMarks?(targetId: string): SiteMarks | undefined
}

const CODES = ['fr', 'de-DE', 'es', 'pt-BR', 'en-US', 'it']
/** Codes the schema refuses: wrong case, a wrong separator, non-ASCII, empty. */
const BAD_CODES = ['EN_us', 'EN', 'pt-br', 'fé', '']
const TITLES = [null, 'Alpha', 'alpha', 'Beta', 'Zeta']
const MORE_TITLES = ['', 'émile', 'Ärger', '日本語', 'alpha']
const DESCRIPTIONS = [null, 'one', 'two', 'Two']
const MORE_DESCRIPTIONS = ['', 'line\nbreak', 'ünïcode', 'one']
const PATH_SUFFIXES = ['', '/a', '/b', '/a/b', '/[slug]', '/c']
/** Pathnames that differ from PATH_SUFFIXES by case only, or are multi-byte: they sort and collide apart from them. */
const MIXED_SUFFIXES = ['/A', '/a/B', '/Straße']
const UNICODE_SUFFIXES = ['/é', '/日本', '/a/ü']
const URLS = ['https://example.com', 'https://Both.Example.com/page']
const BAD_URLS = ['not a url', 'https://exämple.com']
const SMALL_LIMITS = [2, 3, 4]
const MALFORMED_ID = 'not-a-uuid'

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
 * More random draws for a command than its choices hold, taken from them alone: a command plans
 * the same request wherever it stands in a sequence, so shrinking still replays it.
 */
class Draws {
  private readonly random

  constructor(choices: readonly number[]) {
    this.random = createRandom(choices.reduce((hash, choice) => Math.imul(hash ^ choice, 0x9e3779b1) >>> 0, 0x2545f491))
  }

  int(n: number): number {
    return Math.floor(this.random.next() * n)
  }

  pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)]!
  }

  chance(p: number): boolean {
    return this.random.next() < p
  }
}

/** A value one longer than the schema allows for the field. */
function tooLong(op: Operation, field: string, prefix = ''): string {
  const max = parameterOf(op, field).rules.maxLength ?? 0
  return prefix + 'x'.repeat(Math.max(1, max + 1 - prefix.length))
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The call a command makes in the current state, or undefined when the profile does not
 * promise what it would check. Choices pick the site or resource (modulo its pool), the kind
 * of input (valid, conflicting through the small shared name pools, or invalid) and the list
 * parameters; further draws taken from the choices pick the value class of every other
 * documented parameter.
 */
export function planCall(command: Command, ctx: PlanContext): Call | undefined {
  const [c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, , c7 = 0] = command.choices
  const { pools, tag } = ctx
  const op = command.op
  const d = new Draws(command.choices)
  const names = new Names(ctx)
  const path = (choice: number): string => `/${tag}${pick(PATH_SUFFIXES, choice)}`
  /** A pathname of another class than plain lower-case ASCII: mixed case, multi-byte, or one a rename or delete freed. */
  const otherPath = (site: number, kind: number): string => {
    if (kind === 0) return `/${tag}${d.pick(MIXED_SUFFIXES)}`
    if (kind === 1) return `/${tag}${d.pick(UNICODE_SUFFIXES)}`
    return d.pick([...names.freed(site, 'pathname'), path(d.int(6))])
  }
  const keyFor = (site: number): Both | null | undefined => {
    switch (command.key) {
      case 'app':
        return ctx.appKey
      case 'own':
        return pools.sites[site]!.key
      case 'foreign':
        return ctx.foreignKey ?? pools.sites[pools.otherSite(site, c7)]!.key
      case 'tenant':
        return ctx.tenantKey ?? ctx.appKey
      case 'none':
        return null
    }
  }
  /** What the planner knows of ids and names beyond their values: what they name in the current state. */
  const hints: Record<string, string[]> = {}
  const reads = op.endsWith('.get') || op.endsWith('.list')
  /** Fields refused by rules beyond the schemas (route pathname format rules). */
  const refusedBeyond: string[] = []
  const isGone = (id: Both): boolean | undefined => ctx.gone?.(id.oracle)
  const existence = (id: Both): string[] => (ctx.gone === undefined ? [] : isGone(id) ? ['deleted'] : ['existing'])

  const call = (site: number, request: Omit<PairedRequest, 'key'>, invalid = false, extra: Partial<Call> = {}): Call | undefined => {
    const key = keyFor(site) ?? null
    const sent = onSide({ ...request, key }, 'oracle')
    const broken = [...new Set([...refusedFields(op, request.template, { params: sent.params, query: sent.query, body: sent.body }), ...refusedBeyond])].sort()
    const refused = invalid || broken.length > 0
    if (unpromised(ctx.profile, op, command.key, refused)) return undefined
    const input = classesOf(op, sent, hints, refusedBeyond, key === ctx.appKey && command.key === 'tenant' ? 'app' : command.key, targetOnly(request))
    const planned: Call = { label: `${op} with ${KEY_WORDS[command.key]}${refused ? ' (invalid input)' : ''}`, request: { ...request, key }, ...extra, input }
    if (broken.length > 0) planned.broken = broken
    ctx.coverage?.record(planned)
    return planned
  }

  /**
   * The site a site reference names: mostly the command's own, sometimes an unknown, malformed,
   * missing or deleted one. A write to a site in its path names only sites of the run, deleted
   * or not: the suite writes nowhere else, not even at ids that name nothing.
   */
  const siteRef = (site: number, field: string, rate = 0.08, inPath = false): Both | string | undefined => {
    const siteId = pools.sites[site]!.id
    const deleted = pools.sites.find((entry) => isGone(entry.id) === true)
    const pathWrite = inPath && !reads
    if (!d.chance(rate) || (pathWrite && !deleted)) {
      hints[field] = existence(siteId)
      return siteId
    }
    const roll = pathWrite ? 0 : d.int(4)
    if (roll === 0 && deleted) {
      hints[field] = ['deleted']
      return deleted.id
    }
    if (roll <= 1 || (inPath && roll === 3)) {
      hints[field] = ['unknown']
      return ctx.phantomId()
    }
    return roll === 2 ? MALFORMED_ID : undefined
  }

  /** A cursor for a list of this family in this site: mostly from the list itself, sometimes from elsewhere. */
  const cursorFor = (family: Family | 'site', site: number, choice: number): Both | string | undefined => {
    const roll = d.int(20)
    if (roll === 0) {
      hints.startingAfter = ['unknown']
      return ctx.phantomId()
    }
    if (roll === 1) return MALFORMED_ID
    if (roll === 2) {
      const others = (['locale', 'page', 'route'] as const).filter((other) => other !== family)
      const entry = pools.child(d.pick(others), choice)
      // Only a live one: what another family's deleted item is to this list (an id of nothing, a
      // deleted locale still held) no document and no one class decides.
      if (entry && isGone(entry.id) !== true) {
        hints.startingAfter = ["from another family's list"]
        return entry.id
      }
    }
    if (family === 'site') {
      const entry = pools.sites[pools.site(choice)]!
      hints.startingAfter = isGone(entry.id) === true ? ['deleted item'] : ['from this list']
      return entry.id
    }
    const entry = roll === 3 ? pools.children[family].find((candidate) => candidate.site !== site) : pools.child(family, choice)
    if (!entry) return undefined
    const gone = isGone(entry.id)
    // A deleted item of another site is both: a deployment may look it up among the deleted items and find it out of the key's reach.
    if (gone !== undefined) hints.startingAfter = gone ? (entry.site === site ? ['deleted item'] : ['deleted item', 'of another site']) : [entry.site === site ? 'from this list' : "from another site's list"]
    else if (entry.site !== site) hints.startingAfter = ["from another site's list"]
    return entry.id
  }

  /** A limit: mostly small, so lists page; each bound of the schema and past it now and then. */
  const limitOf = (choice: number): unknown => {
    const { minimum = 1, maximum = 100 } = parameterOf(op, 'limit').rules
    if (d.chance(0.05)) return d.pick([minimum - 1, maximum + 1, 'ten'])
    return pick([undefined, minimum, ...SMALL_LIMITS, maximum], choice)
  }

  /** The old variants as the choices draw them, or now and then one of the variants that follow them. */
  const variantOf = (choice: number, old: number, added: number): number => (d.int(5) === 0 ? old + d.int(added) : choice % old)
  const site = pools.site(c0)
  const siteId = pools.sites[site]!.id

  /** A locale, page or route named by id, by its code or pathname with ?siteId=, or by something that names nothing or something else. */
  const named = (family: Family): { entry?: ChildEntry; value: Both | string; query: Json } => {
    const field = NAME_FIELD[family]
    const param = `${family}IdOr${family === 'locale' ? 'Code' : 'Pathname'}`
    const entry = pools.child(family, c0)
    const by = c1 % 6
    const roll = d.int(30)
    if (!entry || by === 5) {
      hints[param] = ['unknown']
      return { value: ctx.phantomId(), query: {} }
    }
    const name = ctx.current(entry.id.oracle)?.[field]
    const gone = isGone(entry.id)
    if (roll === 0) {
      const other = pools.child(d.pick((['locale', 'page', 'route'] as const).filter((candidate) => candidate !== family)), c2)
      if (other) {
        hints[param] = ["another family's id"]
        return { entry, value: other.id, query: {} }
      }
    }
    if (roll === 1 && family !== 'route') {
      hints[param] = ['invalid']
      hints.siteId = existence(pools.sites[entry.site]!.id)
      return { entry, value: family === 'locale' ? 'EN_us' : 'no-slash', query: { siteId: pools.sites[entry.site]!.id } }
    }
    if (roll === 2 && typeof name === 'string') {
      const other = pools.otherSite(entry.site, c2)
      hints[param] = ['by name in another site']
      hints.siteId = existence(pools.sites[other]!.id)
      return { entry, value: name, query: { siteId: pools.sites[other]!.id } }
    }
    if (roll === 3 && typeof name === 'string') {
      // With a site that is not one: the id of nothing, or no id at all. A write names by id
      // here, as the suite's safety guard lets through only names inside a site of the run.
      const malformed = d.chance(0.5)
      if (!malformed) hints.siteId = ['unknown']
      const siteQuery = { siteId: malformed ? MALFORMED_ID : ctx.phantomId() }
      if (!reads) {
        hints[param] = gone === undefined ? ['by id'] : gone ? ['deleted'] : ['by id']
        return { entry, value: entry.id, query: siteQuery }
      }
      hints[param] = gone === undefined ? [] : gone ? ['deleted'] : ['by name']
      return { entry, value: name, query: siteQuery }
    }
    if (by >= 3 && typeof name === 'string') {
      // Held by one of its own family: a page holding a deleted route's pathname holds no route of it.
      const held = gone === false || names.held(entry.site, field, family).has(name)
      hints[param] = gone === undefined ? ['by name'] : held ? ['by name'] : ['deleted']
      hints.siteId = existence(pools.sites[entry.site]!.id)
      return { entry, value: name, query: { siteId: pools.sites[entry.site]!.id } }
    }
    hints[param] = gone === undefined ? ['by id'] : gone ? ['deleted'] : ['by id']
    return { entry, value: entry.id, query: {} }
  }
  /**
   * A site update that keeps the run tag on the target whatever it accepts: a name without the
   * tag comes with a tagged hostOrigin, and a hostOrigin without it with a tagged name unless the
   * site's name carries it.
   */
  const keepsTag = (body: Json, site: Both | string): Json => {
    const known = site instanceof Both ? ctx.siteMarks?.(site.target) : undefined
    if (known === undefined || siteCarriesTag({ ...known, ...body }, tag)) return body
    return 'name' in body ? { ...body, hostOrigin: taggedOrigin(tag) } : { ...body, name: `${tag} renamed` }
  }
  switch (op) {
    case 'site.create': {
      const variant = variantOf(c1, 10, 4)
      hints.workspaceId = ['existing']
      const body: Json = { workspaceId: variant === 7 ? ctx.phantomId() : ctx.workspaceId, name: variant === 6 ? '' : `${tag} s${c2 % 100}` }
      if (variant === 7) hints.workspaceId = ['unknown']
      if (c3 % 3 === 0) body.hostOrigin = 'https://example.com'
      if (c4 % 3 === 0) body.defaultLocale = pick(['fr', 'de-DE', 'en-US'], c5)
      if (variant === 8) body.extra = true
      if (variant === 9) delete body.name
      if (variant === 10) body.name = d.pick([`${tag} Site ${c2 % 10}`, `${tag} sité ${c2 % 10} 日本`])
      if (variant === 11) body.hostOrigin = d.pick([...BAD_URLS, tooLong(op, 'hostOrigin', 'https://example.com/')])
      if (variant === 12) body.defaultLocale = d.pick([...BAD_CODES, tooLong(op, 'defaultLocale')])
      if (variant === 13) d.pick([() => (body.workspaceId = MALFORMED_ID), () => delete body.workspaceId, () => (body.name = tooLong(op, 'name', `${tag}-`)), () => (body.name = `${tag}\u0001`)])()
      // A name that cannot carry the run tag (none, '') leaves it to hostOrigin: nothing the run makes is untagged.
      if (!isRunName(body.name, tag)) body.hostOrigin = taggedOrigin(tag)
      return call(site, { method: 'POST', template: SITES, body }, variant === 6 || variant === 8 || variant === 9, { created: { family: 'site' } })
    }
    case 'site.get': {
      const target = c1 % 8 === 0 ? ctx.phantomId() : siteRef(site, 'siteId', 0.06, true)!
      if (c1 % 8 === 0) hints.siteId = ['unknown']
      return call(site, { method: 'GET', template: SITE, params: { siteId: target } })
    }
    case 'site.update': {
      const variant = variantOf(c1, 9, 3)
      const bodies: Json[] = [
        { name: `${tag} renamed ${c2 % 10}` },
        { hostOrigin: 'https://renamed.example.com' },
        { hostOrigin: null },
        {},
        { name: `${tag} both`, hostOrigin: 'https://both.example.com' },
        { name: '' },
        { defaultLocale: 'fr' },
        { extra: 1 },
        { name: tooLong(op, 'name', `${tag}-`) },
        { name: d.pick([`${tag} Renamed`, `${tag} renommé 日本`]) },
        { hostOrigin: d.pick([...BAD_URLS, tooLong(op, 'hostOrigin', 'https://example.com/')]) },
        { name: `${tag}\u0007` },
      ]
      const siteParam = siteRef(site, 'siteId', 0.05, true)!
      return call(site, { method: 'PATCH', template: SITE, params: { siteId: siteParam }, body: keepsTag(bodies[variant]!, siteParam) }, variant >= 5 && variant !== 9)
    }
    case 'site.delete': {
      // The own site rarely: deleting it ends most of what the sequence can still do.
      const doomed = c1 % 3 === 0 ? 0 : pools.otherSite(0, c2)
      return call(doomed, { method: 'DELETE', template: SITE, params: { siteId: siteRef(doomed, 'siteId', 0.05, true)! } })
    }
    case 'site.duplicate': {
      const invalid = c1 % 6 === 0
      const source = siteRef(site, 'siteId', 0.06, true)!
      const drawn = c1 % 6 === 1 ? d.pick([`${tag} Copy`, `${tag} copié 日本`, '', tooLong(op, 'name', `${tag}-`), `${tag}\u0002`]) : `${tag} copy ${c2 % 10}`
      // A copy keeps its source's hostOrigin: a name without the tag ('', none) only from a source whose hostOrigin carries it.
      const sourceTagged = source instanceof Both && isRunOrigin(ctx.siteMarks?.(source.target)?.hostOrigin, tag)
      const name = isRunName(drawn, tag) || sourceTagged ? drawn : tooLong(op, 'name', `${tag}-`)
      const body = !invalid ? { name } : sourceTagged ? {} : { name: tooLong(op, 'name', `${tag}-`) }
      return call(site, { method: 'POST', template: SITE_DUPLICATE, params: { siteId: source }, body }, invalid, { created: { family: 'site' } })
    }
    case 'site.list': {
      const cursor = c3 % 3 === 0 ? cursorFor('site', site, c4) : new Both(ctx.siteAnchor, undefined)
      // The anchor is a site of the workspace's list the run did not make: the oracle's request leaves it out.
      if (cursor instanceof Both && cursor.oracle === undefined) hints.startingAfter = ['from this list']
      const invalid = c5 % 10 === 0
      const roll = d.int(25)
      hints.workspaceId = roll === 0 ? ['unknown'] : ['existing']
      const workspaceId = roll === 0 ? ctx.phantomId() : roll === 1 ? MALFORMED_ID : roll === 2 ? undefined : ctx.workspaceId
      return call(site, { method: 'GET', template: SITES, query: { workspaceId, limit: invalid ? 0 : limitOf(c2), startingAfter: cursor } }, invalid, { list: { kind: 'direct' } })
    }
    case 'locale.create': {
      const variant = variantOf(c3, 8, 4)
      const body: Json = { siteId: variant === 2 ? ctx.phantomId() : siteId, locale: variant === 0 ? 'EN_us' : pick(CODES, c1) }
      hints.siteId = variant === 2 ? ['unknown'] : existence(siteId)
      if (c2 % 4 === 0) body.domain = 'https://fr.example.com'
      if (variant === 1) delete body.locale
      if (variant === 8) body.locale = d.pick([...names.freed(site, 'locale'), pick(CODES, c1)])
      if (variant === 9) body.locale = d.pick([...BAD_CODES, tooLong(op, 'locale')])
      if (variant === 10) body.domain = d.pick([...BAD_URLS, tooLong(op, 'domain', 'https://fr.example.com/')])
      if (variant === 11) body.siteId = siteRef(site, 'siteId', 1)
      names.classify(hints, site, 'locale', body.locale)
      return call(site, { method: 'POST', template: LOCALES, body }, variant <= 1, { created: { family: 'locale', site } })
    }
    case 'locale.get':
    case 'locale.delete':
    case 'locale.restore': {
      const { entry, value, query } = named('locale')
      const method = op === 'locale.get' ? 'GET' : op === 'locale.delete' ? 'DELETE' : 'POST'
      return call(entry?.site ?? site, { method, template: op === 'locale.restore' ? LOCALE_RESTORE : LOCALE, params: { localeIdOrCode: value }, query })
    }
    case 'locale.update': {
      const { entry, value, query } = named('locale')
      const variant = variantOf(c2, 7, 3)
      const home = entry?.site ?? site
      const bodies: Json[] = [
        { locale: pick(CODES, c3) },
        { locale: pick(CODES, c4) },
        { domain: 'https://de.example.com' },
        { domain: null },
        {},
        { locale: 'EN' },
        { pathPrefix: '/x' },
        { locale: d.pick([...names.freed(home, 'locale'), pick(CODES, c3)]) },
        { locale: d.pick([...BAD_CODES, tooLong(op, 'locale')]) },
        { domain: d.pick([...BAD_URLS, tooLong(op, 'domain', 'https://de.example.com/')]) },
      ]
      const body = bodies[variant]!
      names.classify(hints, home, 'locale', body.locale)
      return call(home, { method: 'PATCH', template: LOCALE, params: { localeIdOrCode: value }, query, body }, variant === 5 || variant === 6)
    }
    case 'locale.list': {
      const cursor = c3 % 3 === 0 ? cursorFor('locale', site, c4) : undefined
      const invalid = c5 % 10 === 0
      return call(site, { method: 'GET', template: LOCALES, query: { siteId: siteRef(site, 'siteId', 0.05), limit: invalid ? 101 : limitOf(c2), startingAfter: cursor } }, invalid, { list: { kind: 'direct' } })
    }
    case 'page.create': {
      const variant = variantOf(c2, 12, 4)
      const pathname = variant === 0 ? 'no-slash' : variant === 1 ? `/${tag}/trailing/` : variant >= 12 && variant <= 14 ? otherPath(site, variant - 12) : path(c1)
      const body: Json = { siteId: variant === 2 ? ctx.phantomId() : siteId, pathname, name: d.chance(0.8) ? `${tag} page` : d.pick([`${tag} Page`, `${tag} pagé 日本`]) }
      hints.siteId = variant === 2 ? ['unknown'] : existence(siteId)
      if (variant === 15) {
        d.pick([
          () => (body.pathname = ''),
          () => (body.pathname = tooLong(op, 'pathname', `/${tag}/`)),
          () => (body.pathname = `/${tag}/a b`),
          () => delete body.pathname,
          () => (body.name = ''),
          () => (body.name = tooLong(op, 'name')),
          () => (body.name = `${tag}\u0003`),
          () => delete body.name,
          () => (body.siteId = siteRef(site, 'siteId', 1)),
        ])()
      }
      names.classify(hints, site, 'pathname', body.pathname)
      return call(site, { method: 'POST', template: PAGES, body }, variant <= 1, { created: { family: 'page', site } })
    }
    case 'page.get': {
      const { entry, value, query } = named('page')
      if (c2 % 10 === 0) query.versionRef = 'ref:live'
      else if (d.chance(0.1)) query.versionRef = d.pick([...enumOf(op, 'versionRef'), 'ref:old'])
      if (c3 % 6 === 0) query.locale = pick(CODES, c4)
      else if (d.chance(0.08)) query.locale = d.pick(['FR', 'fé', '', tooLong(op, 'locale')])
      return call(entry?.site ?? site, { method: 'GET', template: PAGE, params: { pageIdOrPathname: value }, query })
    }
    case 'page.update':
      return pageUpdate()
    case 'page.delete':
    case 'route.delete':
    case 'route.get': {
      const family = op === 'page.delete' ? 'page' : 'route'
      const { entry, value, query } = named(family)
      const template = family === 'page' ? PAGE : ROUTE
      return call(entry?.site ?? site, { method: op === 'route.get' ? 'GET' : 'DELETE', template, params: { [family === 'page' ? 'pageIdOrPathname' : 'routeIdOrPathname']: value }, query })
    }
    case 'page.list':
      return pageList()
    case 'route.create': {
      const variant = variantOf(c2, 8, 4)
      const skipValidation = c3 % 5 === 0 ? 'true' : c3 % 5 === 1 && d.chance(0.3) ? d.pick(['false', 'maybe']) : undefined
      const pathname = variant === 0 ? 'no-slash' : variant >= 8 && variant <= 10 ? otherPath(site, variant - 8) : path(c1)
      const body: Json = { siteId: variant === 1 ? ctx.phantomId() : siteId, pathname }
      hints.siteId = variant === 1 ? ['unknown'] : existence(siteId)
      if (variant === 11) {
        d.pick([
          () => (body.pathname = ''),
          () => (body.pathname = tooLong(op, 'pathname', `/${tag}/`)),
          () => (body.pathname = `/${tag}/[x]/[x]`),
          () => (body.pathname = `/${tag}/a b`),
          () => delete body.pathname,
          () => (body.siteId = siteRef(site, 'siteId', 1)),
        ])()
      }
      routeRules(body.pathname, skipValidation)
      names.classify(hints, site, 'pathname', body.pathname)
      return call(site, { method: 'POST', template: ROUTES, query: { skipValidation }, body }, false, { created: { family: 'route', site } })
    }
    case 'route.update': {
      const { entry, value, query } = named('route')
      const home = entry?.site ?? site
      const variant = variantOf(c2, 5, 4)
      const bodies: Json[] = [
        { pathname: path(c3) },
        { pathname: `${path(c4)}/[id]` },
        {},
        { pathname: 'a b' },
        { pathname: `/${tag}/[x]/[x]` },
        { pathname: otherPath(home, 0) },
        { pathname: otherPath(home, 1) },
        { pathname: otherPath(home, 2) },
        { pathname: d.pick(['', tooLong(op, 'pathname', `/${tag}/`), 'no-slash']) },
      ]
      const body = bodies[variant]!
      if (d.chance(0.15)) query.skipValidation = d.pick(['true', 'false', 'maybe'])
      routeRules(body.pathname, query.skipValidation)
      names.classify(hints, home, 'pathname', body.pathname)
      return call(home, { method: 'PATCH', template: ROUTE, params: { routeIdOrPathname: value }, query, body })
    }
    case 'route.list': {
      const cursor = c3 % 3 === 0 ? cursorFor('route', site, c4) : undefined
      return call(site, { method: 'GET', template: ROUTES, query: { siteId: siteRef(site, 'siteId', 0.05), limit: limitOf(c2), startingAfter: cursor } }, false, { list: { kind: 'direct' } })
    }
  }

  /** A route pathname the route format rules refuse, unless skipValidation=true skips them. */
  function routeRules(pathname: unknown, skipValidation: unknown): void {
    if (skipValidation !== 'true' && typeof pathname === 'string' && pathname !== '' && routePathnameProblem(pathname) !== undefined) refusedBeyond.push('pathname')
  }

  function pageUpdate(): Call | undefined {
    const { entry, value, query } = named('page')
    const home = entry?.site ?? site
    const variant = variantOf(c2, 14, 6)
    const bodies: Json[] = [
      { pathname: path(c3) },
      { pathname: path(c4) },
      { title: pick(TITLES, c3) },
      { title: pick(TITLES, c4) },
      { pathname: path(c5), title: pick(TITLES, command.choices[6] ?? 0) },
      { description: pick(DESCRIPTIONS, c3) },
      { isOnline: c3 % 2 === 0 },
      { sitemapPriority: 0.5, sitemapFrequency: 'weekly' },
      {},
      { name: d.chance(0.6) ? `${tag} renamed page` : d.pick([`${tag} Renamed Page`, `${tag} pâge 日本`]) },
      { title: pick(TITLES, c4), description: pick(DESCRIPTIONS, c5) },
      { sitemapPriority: 2 },
      { title: 5 },
      { pathname: 'x' },
      // Every nullable field of the body at once: null clears each.
      Object.fromEntries(PARAMETERS[op].filter((parameter) => parameter.where === 'body' && parameter.rules.types.has('null')).map((parameter) => [parameter.name, null])),
      { pathname: otherPath(home, d.int(3)) },
      { title: d.pick(MORE_TITLES), description: d.pick(MORE_DESCRIPTIONS) },
      { canonicalUrl: d.pick([...URLS, null]), socialImageUrl: d.pick([...URLS, null]), excludedFromSearchEngines: d.pick([true, false, null]) },
      { sitemapPriority: d.pick([0, 1, 0.25, null]), sitemapFrequency: d.pick(enumOf(op, 'sitemapFrequency')) },
      brokenPageField(),
    ]
    const body = bodies[variant]!
    // Under the published profile, only the fields its update body has.
    const published = Object.keys((publishedBodySchema('PATCH', PAGE)?.schema.properties as Json | undefined) ?? {})
    if (ctx.profile === 'published' && !Object.keys(body).every((field) => published.includes(field))) return undefined
    names.classify(hints, home, 'pathname', body.pathname)
    return call(home, { method: 'PATCH', template: PAGE, params: { pageIdOrPathname: value }, query, body }, variant >= 11 && variant <= 13)
  }

  /** One field of a page update out of its bounds: each way the schema refuses it. */
  function brokenPageField(): Json {
    return d.pick<Json>([
      { pathname: '' },
      { pathname: tooLong(op, 'pathname', `/${tag}/`) },
      { pathname: `/${tag}/trailing/` },
      { name: '' },
      { name: tooLong(op, 'name') },
      { name: `${tag}\u0004` },
      { isOnline: 'yes' },
      { title: tooLong(op, 'title') },
      { title: 'bell\u0007' },
      { description: tooLong(op, 'description') },
      { description: 'bell\u0007' },
      { canonicalUrl: d.pick(BAD_URLS) },
      { canonicalUrl: tooLong(op, 'canonicalUrl', 'https://example.com/') },
      { socialImageUrl: d.pick(BAD_URLS) },
      { socialImageUrl: tooLong(op, 'socialImageUrl', 'https://example.com/') },
      { sitemapPriority: -0.5 },
      { sitemapPriority: 'high' },
      { sitemapFrequency: 'sometimes' },
      { excludedFromSearchEngines: 'no' },
    ])
  }

  /** A page list with every sort, direction, filter, version and cursor, through either of its two paths. */
  function pageList(): Call | undefined {
    const inPath = c1 % 4 === 0 && holdsServiceRules(ctx.profile)
    // At most one parameter is broken at a time, so most lists are answered.
    const broken = c4 % 15 === 14 ? 'sortBy' : d.chance(0.05) ? d.pick(['sortDirection', 'includeOffline', 'pathPrefix', 'versionRef', 'locale', 'siteId']) : undefined
    // A broken list parameter is a value no reader takes, or a near miss a forgiving one does (`TITLE`, `-title`, `1`, `live`).
    const badOf = (field: string, bad: string, choice: number): string => pick([bad, ...nearMisses(enumOf(op, field))], choice)
    const sortBy = broken === 'sortBy' ? badOf('sortBy', 'size', c3) : pick([undefined, ...enumOf(op, 'sortBy')], c3)
    const oneOf = (field: string, choice: number, bad: string): unknown => (broken === field ? badOf(field, bad, choice) : pick([undefined, ...enumOf(op, field)], choice))
    const c6 = command.choices[6] ?? 0
    // Most filters leave most pages in the list, so that sorting and paging have something to order.
    const filters: Json = {
      sortBy,
      sortDirection: oneOf('sortDirection', c4, 'sideways'),
      includeOffline: oneOf('includeOffline', c5, 'yes'),
      pathPrefix:
        broken === 'pathPrefix'
          ? d.pick(['', 'blog', tooLong(op, 'pathPrefix', `/${tag}/`)])
          : c6 % 6 === 0
            ? `/${tag}${pick(PATH_SUFFIXES, c6 >> 3)}`
            : d.chance(0.05)
              ? `/${tag}${d.pick([...MIXED_SUFFIXES, ...UNICODE_SUFFIXES])}`
              : undefined,
      versionRef: broken === 'versionRef' ? badOf('versionRef', 'ref:old', c6) : c6 % 16 === 1 ? 'ref:live' : c6 % 16 === 2 ? 'ref:draft' : undefined,
      locale: broken === 'locale' ? d.pick(['', tooLong(op, 'locale')]) : c6 % 16 === 3 ? pick(CODES, c6 >> 4) : c6 % 16 === 4 && d.chance(0.5) ? d.pick(['FR', 'fé']) : undefined,
    }
    let params: Record<string, Both | string> = {}
    if (inPath) params = { siteId: broken === 'siteId' ? d.pick([MALFORMED_ID, ctx.phantomId()]) : siteId }
    else filters.siteId = broken === 'siteId' ? d.pick([MALFORMED_ID, ctx.phantomId(), undefined]) : siteId
    const sent = params.siteId ?? filters.siteId
    hints.siteId = sent === siteId ? existence(siteId) : typeof sent === 'string' && sent !== MALFORMED_ID ? ['unknown'] : []
    const cursor = c7 % 3 === 0 ? cursorFor('page', site, c7 >> 2) : undefined
    const limit = limitOf(c2)
    const template = inPath ? SITE_PAGES : PAGES
    const whole: PairedRequest = { method: 'GET', template, params, query: { ...filters, limit: 100 }, key: ctx.appKey }
    return call(site, { method: 'GET', template, params, query: { ...filters, limit, startingAfter: cursor } }, false, {
      list: { kind: 'sorted', sortBy: typeof sortBy === 'string' ? sortBy : 'path', whole, cursor: cursor instanceof Both ? cursor.oracle : cursor, limit: typeof limit === 'number' ? limit : DEFAULT_LIMIT },
    })
  }
}

/** The value classes of every documented parameter of a request, as the oracle receives it. */
/**
 * The query parameters the target receives and the oracle does not: an id only the target holds
 * (a site of the workspace the run did not make), which the oracle's request leaves out.
 */
const targetOnly = (request: Omit<PairedRequest, 'key'>): ReadonlySet<string> =>
  new Set(Object.entries(request.query ?? {}).flatMap(([name, value]) => (value instanceof Both && value.oracle === undefined && value.target !== undefined ? [name] : [])))

function classesOf(op: Operation, sent: { params?: Json; query?: Json; body?: unknown }, hints: Record<string, string[]>, refusedBeyond: string[], key: KeyRole, onlyTarget: ReadonlySet<string>): InputClasses {
  const body = isObject(sent.body) ? sent.body : {}
  const classes: Record<string, string[]> = {}
  for (const parameter of PARAMETERS[op]) {
    if (parameter.where === 'header') {
      classes[parameter.name] = [KEY_CLASSES[key]]
      continue
    }
    // What the target receives alone is what the planner says it names (a cursor from this list).
    const hint = hints[parameter.name]
    if (onlyTarget.has(parameter.name) && hint !== undefined) {
      classes[parameter.name] = [...hint]
      continue
    }
    const value = sent.params?.[parameter.name] ?? sent.query?.[parameter.name] ?? body[parameter.name]
    const found = classify(parameter, value, refusedBeyond.includes(parameter.name))
    // What an id names is the planner's word; a missing or malformed one is plain from its value.
    const named = found.length === 0 || (!found.includes('absent') && !found.includes('malformed') && !found.includes('invalid'))
    classes[parameter.name] = [...found, ...(named ? (hints[parameter.name] ?? []) : [])]
  }
  return { op, classes }
}

/** Which names of a site are held now and which were freed, from the oracle's latest views. */
class Names {
  constructor(private readonly ctx: PlanContext) {
    // Every name seen on a resource is remembered, so that a rename or delete leaves it behind as freed.
    for (const family of ['locale', 'page', 'route'] as const) {
      for (const entry of ctx.pools.children[family]) {
        const name = ctx.current(entry.id.oracle)?.[NAME_FIELD[family]]
        if (typeof name === 'string') ctx.pools.sawName(entry.site, NAME_FIELD[family], name)
      }
    }
  }

  /** The names held now, by every family that names by the field, or by one family alone. */
  held(site: number, field: 'locale' | 'pathname', only?: Family): Set<string> {
    const held = new Set<string>()
    const families = only !== undefined ? [only] : field === 'locale' ? (['locale'] as const) : (['page', 'route'] as const)
    for (const family of families) {
      for (const entry of this.ctx.pools.children[family]) {
        if (entry.site !== site || this.ctx.gone?.(entry.id.oracle) === true) continue
        const name = this.ctx.current(entry.id.oracle)?.[field]
        if (typeof name === 'string') held.add(name)
      }
    }
    return held
  }

  freed(site: number, field: 'locale' | 'pathname'): string[] {
    const held = this.held(site, field)
    return [...this.ctx.pools.namesSeen(site, field)].filter((name) => !held.has(name))
  }

  /** A name being given: taken by another resource of the site, or freed by a rename or delete. */
  classify(hints: Record<string, string[]>, site: number, field: 'locale' | 'pathname', value: unknown): void {
    if (typeof value !== 'string') return
    if (this.held(site, field).has(value)) hints[field] = [...(hints[field] ?? []), 'taken']
    else if (this.ctx.pools.namesSeen(site, field).has(value)) hints[field] = [...(hints[field] ?? []), 'freed']
  }
}
