import { randomUUID } from 'node:crypto'
import { pathnameAsSegments } from '../../../src/freedom/pathname-in-path.js'
import { LACKED_LOCALE } from '../../../src/contract/choices-probe-kit.js'
import { LIMIT_VALUES } from './draw.js'
import type { Twin } from './index.js'

/**
 * Which alternative of each class a running implementation took, seen from outside over HTTP
 * alone. `undefined` when another of its choices hides the class (e.g. a `title` limit where a
 * page update does not take `title`).
 */
type Json = Record<string, unknown>
export type Observed = string | number | null | undefined

interface Reply {
  status: number
  body: Json
}

export class Client {
  /** The pathname each page was given, as the twin answered it: what a page update carries (emptyPageUpdate). */
  private readonly pathnames = new Map<string, unknown>()

  constructor(readonly twin: Twin) {}

  /**
   * A request; a page update that changes something gets the page's own pathname beside its
   * fields, as a twin may require it in every update (emptyPageUpdate `pathname-required`).
   */
  async call(method: string, path: string, body?: unknown, key = this.twin.appKey): Promise<Reply> {
    const pageId = method === 'PATCH' ? /^\/v6\/pages\/([0-9a-f-]{36})/.exec(path)?.[1] : undefined
    const sent = pageId !== undefined && isChange(body) && !('pathname' in body) && this.pathnames.has(pageId) ? { pathname: this.pathnames.get(pageId), ...body } : body
    // A pathname in the path as the twin takes it (pathnameInPath), as the suite writes it once learned.
    const reply = await this.raw(method, this.twin.choices.pathnameInPath === 'segments' ? pathnameAsSegments(path) : path, sent, key)
    if ((method === 'POST' || method === 'PATCH') && reply.body.object === 'page' && typeof reply.body.id === 'string') this.pathnames.set(reply.body.id, reply.body.pathname)
    return reply
  }

  /** A request exactly as given. */
  async raw(method: string, path: string, body?: unknown, key = this.twin.appKey): Promise<Reply> {
    const response = await fetch(this.twin.url + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Json) }
  }

  /** A new site; by default under a name of its own, as a twin may keep a site's name to one site (siteNames `unique`). */
  async site(name = `Twin site ${randomUUID()}`): Promise<Json> {
    return this.created(await this.call('POST', '/v2/sites', { workspaceId: this.twin.workspaceId, name }))
  }

  /**
   * A site and a key that works as its Site key: a new site and its publicApiKey, or, where Site
   * keys are apart from it (publicApiKeyAsSiteKey: not-a-key, forbidden, live-pages, published-pages, online-pages, single-resources, pages, site-and-pages, configuration, reads), the site the twin started with.
   */
  async keyedSite(): Promise<{ site: Json; key: string }> {
    const key = this.twin.siteApiKey
    if (key === undefined) {
      const site = await this.site()
      return { site, key: String(site.publicApiKey) }
    }
    // Every page of the list: the observations' own sites, made meanwhile, may put the twin's first site past the first hundred.
    for (let after = ''; ; ) {
      const { body } = await this.call('GET', `/v2/sites?workspaceId=${this.twin.workspaceId}&limit=100${after}`)
      const listed = body.data as Json[]
      for (const site of listed) if ((await this.call('GET', `/v2/sites/${String(site.id)}`, undefined, key)).status === 200) return { site, key }
      if (body.hasMore !== true || listed.length === 0) break
      after = `&startingAfter=${String(listed[listed.length - 1]!.id)}`
    }
    throw new Error('no site of the workspace answers the twin\'s Site key')
  }

  async page(siteId: unknown, pathname: string, name = 'Page'): Promise<Json> {
    return this.created(await this.call('POST', '/v6/pages', { siteId, pathname, name }))
  }

  private created(reply: Reply): Json {
    if (reply.status !== 201) throw new Error(`setup refused: ${reply.status} ${JSON.stringify(reply.body)}`)
    return reply.body
  }

  /** The pathnames of a site's pages in a list's order, offline ones included. */
  async order(siteId: unknown, query: string): Promise<unknown[]> {
    const reply = await this.call('GET', `/v6/pages?siteId=${String(siteId)}&includeOffline=true&limit=100&${query}`)
    return (reply.body.data as Json[]).map((page) => page.pathname)
  }
}

const isChange = (body: unknown): body is Json => typeof body === 'object' && body !== null && Object.keys(body).length > 0
const statusOf = (status: number, alternatives: Record<number, string>): Observed => alternatives[status] ?? `status ${status}`

/** A 400 naming siteId alone: a siteId of no site refused as a value that names nothing (unknownSiteReference invalid), before the rest of the request was read. */
const siteRefusedAlone = (reply: Reply): boolean => {
  const details = (reply.body.details ?? []) as Json[]
  return reply.status === 400 && details.length > 0 && details.every((detail) => detail.field === 'siteId')
}

/** Whether access goes before the query: a locale list with a malformed limit, of a site that does not exist, answered as that site (its 404, or its 400 alone). */
async function accessBeforeQuery(client: Client): Promise<boolean> {
  const reply = await client.call('GET', `/v2/locales?siteId=${randomUUID()}&limit=not-a-number`)
  return reply.status === 404 || siteRefusedAlone(reply)
}

/**
 * Where the whole input goes first, where a publishable publicApiKey's page delete is refused (keyKindOrder):
 * with access, after a page that does not exist is found missing where existence wins (a 404); once
 * the input is judged, before (a 403). Unseen where the publicApiKey is a Site key or no key, or permission wins.
 */
async function publishableKindOrder(client: Client, siteKey: string): Promise<Observed> {
  if (client.twin.siteApiKey === undefined || (await client.call('GET', `/v2/sites/${randomUUID()}`, undefined, siteKey)).status !== 404) return undefined
  const publicKey = String((await client.site()).publicApiKey)
  const reply = await client.call('DELETE', `/v6/pages/${randomUUID()}`, undefined, publicKey)
  return reply.status === 401 ? undefined : statusOf(reply.status, { 404: 'with-access', 403: 'after-input' })
}
/**
 * A publicApiKey that reads its site, its pages and its locales: a Site key, or a key for the
 * site's locales and online pages that reads the site too (online-pages, publicApiKeySiteRead
 * read), which a page of the site turned offline tells: read, or refused or not found
 * (publicApiKeyOfflinePages). One that reads the offline pages too (publicApiKeyOfflinePages read)
 * reads all a Site key reads of its site but its routes, and is observed as such (site-key, or,
 * refused a write, reads).
 */
async function siteKeyOrRendering(client: Client, site: Json, key: string): Promise<Observed> {
  const page = await client.page(site.id, '/offline')
  const offline = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: false })
  if (offline.status !== 200) return `a page turned offline: ${offline.status}`
  return statusOf((await client.call('GET', `/v6/pages/${String(page.id)}`, undefined, key)).status, { 200: 'site-key', 403: 'online-pages', 404: 'online-pages' })
}
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
/** A new page's text field as the catalogue names it: `null`, or an empty string. */
const emptyOrNull = (value: unknown): Observed => (value === '' ? 'empty' : value === null ? 'null' : `the value ${JSON.stringify(value)}`)

/** The largest length of LIMIT_VALUES accepted, or null when far longer input is accepted too. */
async function limit(accepts: (length: number) => Promise<boolean>): Promise<Observed> {
  for (const candidate of LIMIT_VALUES) {
    if (candidate === null) continue
    if (!(await accepts(candidate + 1))) return (await accepts(candidate)) ? candidate : `below ${candidate}`
  }
  return (await accepts(10_000)) ? null : 'between drawn lengths'
}

/** Whether a page update takes `title`: only then can title limits, null sorts and control characters in a title be seen. */
async function titleSettable(client: Client, pageId: unknown): Promise<boolean> {
  return (await client.call('PATCH', `/v6/pages/${String(pageId)}`, { title: 'Settable' })).body.title === 'Settable'
}

/** Per client, whether its twin stores every page pathname as its slug: asked once, as each asking makes a site (and a twin lists a hundred). */
const slugging = new WeakMap<Client, Promise<boolean>>()

/** Whether the twin stores every page pathname as its slug (pagePathnameCharacters slugged), which fixes its case and its slashes. */
function slugs(client: Client): Promise<boolean> {
  const known = slugging.get(client) ?? OBSERVE.pagePathnameCharacters!(client).then((observed) => observed === 'slugged')
  slugging.set(client, known)
  return known
}

/** The form a new locale's code is stored in (localeCodeStored); undefined when `pt-br` is refused. */
async function codeStored(client: Client): Promise<Observed> {
  const reply = await client.call('POST', '/v2/locales', { siteId: (await client.site()).id, locale: 'pt-br' })
  if (reply.status === 400) return undefined
  return reply.body.locale === 'pt-br' ? 'as-sent' : reply.body.locale === 'pt-BR' ? 'canonical' : String(reply.body.locale)
}

export const OBSERVE: Record<string, (client: Client) => Promise<Observed>> = {
  nameMaxLength: (client) => limit(async (length) => (await client.call('POST', '/v2/sites', { workspaceId: client.twin.workspaceId, name: 'n'.repeat(length) })).status === 201),
  urlMaxLength: async (client) => {
    const site = await client.site()
    return limit(async (length) => (await client.call('PATCH', `/v2/sites/${String(site.id)}`, { hostOrigin: `https://e.com/${'a'.repeat(length - 14)}` })).status === 200)
  },
  titleMaxLength: async (client) => {
    const page = await client.page((await client.site()).id, '/t')
    if (!(await titleSettable(client, page.id))) return undefined
    return limit(async (length) => (await client.call('PATCH', `/v6/pages/${String(page.id)}`, { title: 't'.repeat(length) })).status === 200)
  },
  descriptionMaxLength: async (client) => {
    const page = await client.page((await client.site()).id, '/d')
    if (!(await titleSettable(client, page.id))) return undefined
    return limit(async (length) => (await client.call('PATCH', `/v6/pages/${String(page.id)}`, { description: 'd'.repeat(length) })).status === 200)
  },
  pathnameMaxLength: async (client) => {
    const site = await client.site()
    return limit(async (length) => (await client.call('POST', '/v6/pages', { siteId: site.id, pathname: `/${'p'.repeat(length - 1)}`, name: 'P' })).status === 201)
  },
  controlCharacters: async (client) => statusOf((await client.call('POST', '/v2/sites', { workspaceId: client.twin.workspaceId, name: 'a\u0001b' })).status, { 201: 'accepted', 400: 'refused' }),
  emptySiteName: async (client) => statusOf((await client.call('POST', '/v2/sites', { workspaceId: client.twin.workspaceId, name: '' })).status, { 201: 'accepted', 400: 'refused' }),
  urlFormat: async (client) => statusOf((await client.call('PATCH', `/v2/sites/${String((await client.site()).id)}`, { hostOrigin: 'mailto:team@example.com' })).status, { 200: 'any-string', 400: 'absolute-url' }),
  limitZero: async (client) => {
    // Two sites in the list at least, so that limit=0 answered as limit=1 shows one item, as no
    // limit given (the default page) more than one, and a page of none nothing.
    await client.site()
    await client.site()
    const reply = await client.call('GET', `/v2/sites?workspaceId=${client.twin.workspaceId}&limit=0`)
    const items = Array.isArray(reply.body.data) ? reply.body.data.length : 0
    if (reply.status !== 200) return statusOf(reply.status, { 400: 'refused' })
    return items === 0 ? 'accepted' : items === 1 ? 'clamped' : 'default'
  },
  limitAboveMaximum: async (client) => {
    const reply = await client.call('GET', `/v2/sites?workspaceId=${client.twin.workspaceId}&limit=101`)
    const items = Array.isArray(reply.body.data) ? reply.body.data.length : 0
    // A page of more than 100 is neither alternative.
    return reply.status === 200 && items > 100 ? `${items} items` : statusOf(reply.status, { 200: 'clamped', 400: 'refused' })
  },
  pathPrefixForm: async (client) => statusOf((await client.call('GET', `/v6/pages?siteId=${String((await client.site()).id)}&pathPrefix=abc`)).status, { 200: 'any', 400: 'slash-first' }),
  emptyLocaleQuery: async (client) => {
    const siteId = String((await client.site()).id)
    const page = await client.call('POST', '/v6/pages', { siteId, pathname: '/observed', name: 'observed' })
    const list = await client.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&locale=`)
    // Listed as without locale, or as a code no locale has: nothing, or a 404.
    if (list.status === 200) return Array.isArray(list.body.data) && list.body.data.length > 0 ? 'default' : 'unknown'
    if (list.status !== 400) return statusOf(list.status, { 404: 'unknown' })
    // A 400 is what a list gives a code the site lacks too (pageUnknownLocale 400): a page read that answers such a code otherwise tells them apart.
    const read = async (locale: string): Promise<number> => (await client.call('GET', `/v6/pages/${String(page.body.id)}?locale=${locale}`)).status
    const [empty, lacked] = [await read(''), await read(LACKED_LOCALE)]
    if (lacked === 400) return undefined
    return empty === 400 ? 'refused' : 'unknown'
  },
  unknownBodyFields: async (client) => statusOf((await client.call('POST', '/v2/sites', { workspaceId: client.twin.workspaceId, name: 'x', color: 'red' })).status, { 201: 'ignored', 400: 'refused' }),
  unknownQueryParameters: async (client) => statusOf((await client.call('GET', `/v2/sites?workspaceId=${client.twin.workspaceId}&color=red`)).status, { 200: 'ignored', 400: 'refused' }),
  localeCodeCase: async (client) => {
    const siteId = (await client.site()).id
    // The region in lower case, then the language in upper case: each taken or refused on its own.
    const region = (await client.call('POST', '/v2/locales', { siteId, locale: 'pt-br' })).status
    const language = (await client.call('POST', '/v2/locales', { siteId, locale: 'IT-CH' })).status
    if (region !== 201 || language !== 201) return statusOf(region * 1000 + language, { 400400: 'strict', 201400: 'region-any-case', 400201: 'language-any-case' })
    return statusOf((await client.call('POST', '/v2/locales', { siteId, locale: 'de_AT' })).status, { 201: 'any-spelling', 400: 'any-case' })
  },
  pagePathnameForm: async (client) => {
    const siteId = (await client.site()).id
    const bare = await client.call('POST', '/v6/pages', { siteId, pathname: 'about', name: 'A' })
    // Taken as sent: no grammar of a leading slash. Taken with the slash added (pagePathnameSlash added): judged by the form after.
    if (bare.status === 201 && bare.body.pathname !== '/about') return 'any'
    if (bare.status !== 201 && bare.status !== 400) return `status ${bare.status}`
    // A trailing slash taken and kept is trailing-slash's. One dropped is taken under slash-first too
    // (pathnameTrailingSlash judges the pathname without it): the form is hidden.
    const reply = await client.call('POST', '/v6/pages', { siteId, pathname: '/form/', name: 'A' })
    if (reply.status === 400) return 'slash-first'
    if (reply.body.pathname !== '/form/') return reply.body.pathname === '/form' ? undefined : `status ${reply.status}`
    if (bare.status === 400) return 'trailing-slash'
    // The slash added, a trailing one kept: any grammar, or trailing-slash's, which an empty segment tells.
    return statusOf((await client.call('POST', '/v6/pages', { siteId, pathname: '/a//b', name: 'A' })).status, { 201: 'any', 400: 'trailing-slash' })
  },
  pagePathnameCharacters: async (client) => {
    const siteId = (await client.site()).id
    const bracketed = await client.call('POST', '/v6/pages', { siteId, pathname: '/x/[slug]', name: 'A' })
    // Taken: as sent, or as its slug by a deployment that slugs every pathname.
    if (bracketed.status === 201) return bracketed.body.pathname === '/x/slug' ? 'slugged' : 'accepted'
    if (bracketed.status !== 400) return `status ${bracketed.status}`
    // Brackets refused: a letter beyond ASCII tells a deployment that takes letters of any script from one that refuses them
    // (in lower case, which a deployment that refuses capitals takes: pagePathnameCase).
    return statusOf((await client.call('POST', '/v6/pages', { siteId, pathname: '/straße', name: 'A' })).status, { 201: 'letters', 400: 'refused' })
  },
  sitePagesQuery: async (client) => {
    // A prefix no page has empties the page list's own answer; one that takes only the pagination refuses it, or ignores it and lists the page.
    const site = await client.site()
    // Made out of path order: a list in creation order tells itself by its order, whatever it does with a sort asked of it (sitePagesUntaken).
    await client.page(site.id, '/site-pages-query-b')
    await client.page(site.id, '/site-pages-query-a')
    const reply = await client.call('GET', `/v2/sites/${String(site.id)}/pages?pathPrefix=%2Fnone&includeOffline=true`)
    if (reply.status === 400) return 'pagination'
    // Ignored, both parameters leave the list as it is without them (its online pages, maybe none).
    const whole = await client.call('GET', `/v2/sites/${String(site.id)}/pages?includeOffline=true`)
    const ids = (listed: typeof reply): string => JSON.stringify((listed.body.data as Json[]).map((page) => page.id))
    if (reply.status !== 200) return undefined
    if (ids(reply) === ids(whole)) return 'pagination'
    if ((reply.body.data as Json[]).length !== 0) return undefined
    // The page list's filters taken: in path order without a sort (page-list), or in creation order (fixed-order).
    const order = JSON.stringify((whole.body.data as Json[]).map((page) => page.pathname))
    return order === '["/site-pages-query-a","/site-pages-query-b"]' ? 'page-list' : order === '["/site-pages-query-b","/site-pages-query-a"]' ? 'fixed-order' : undefined
  },
  sitePagesUntaken: async (client) => {
    // Seen only where the site's page list leaves some of the page list's parameters untaken (sortBy under
    // pagination and fixed-order alike) and ignores unknown ones: elsewhere both alternatives answer alike.
    const query = await OBSERVE.sitePagesQuery!(client)
    if ((query !== 'pagination' && query !== 'fixed-order') || (await OBSERVE.unknownQueryParameters!(client)) !== 'ignored') return undefined
    const site = await client.site()
    return statusOf((await client.call('GET', `/v2/sites/${String(site.id)}/pages?sortBy=path`)).status, { 400: 'refused', 200: 'as-unknown' })
  },
  pageUnknownLocale: async (client) => {
    const reply = await client.call('GET', `/v6/pages?siteId=${String((await client.site()).id)}&locale=xx-YY`)
    return reply.status === 200 ? 'empty-list' : String(reply.status)
  },
  localeQueryForm: async (client) => {
    const site = String((await client.site()).id)
    // Refused apart only where a code the site lacks is not refused alike (a 400 to both tells nothing).
    const formless = await client.call('GET', `/v6/pages?siteId=${site}&locale=${encodeURIComponent('fé')}`)
    const lacked = await client.call('GET', `/v6/pages?siteId=${site}&locale=xx-YY`)
    if (formless.status === lacked.status) return lacked.status === 400 ? undefined : 'looked-up'
    return statusOf(formless.status, { 400: 'refused' })
  },
  pageReadUnknownLocale: async (client) => {
    const site = await client.site()
    const page = await client.page(site.id, '/read-locale')
    const reply = await client.call('GET', `/v6/pages/${String(page.id)}?locale=xx-YY`)
    // Read as without locale: the page itself, in its site's default locale, as it was created.
    if (reply.status === 200) return reply.body.id === page.id && reply.body.locale === page.locale ? 'default' : `another page: ${JSON.stringify([reply.body.id, reply.body.locale])}`
    if (reply.status !== 400 && reply.status !== 404) return `status ${reply.status}`
    // A refusal the list's answer would give too (a 400 where it is a 400, a 404 where it is a 404 or empty) may be either alternative.
    const listed = await OBSERVE.pageUnknownLocale!(client)
    const asList = listed === '400' ? 400 : 404
    return reply.status !== asList ? String(reply.status) : undefined
  },
  onlineUpdatedAt: async (client) => {
    const page = await client.page((await client.site()).id, '/online-updated')
    // Past the second, so that a clock of whole seconds moves too.
    await sleep(1100)
    const reply = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: page.isOnline !== true })
    if (reply.status !== 200) return `status ${reply.status}`
    // And back, since each direction may choose its own way.
    await sleep(1100)
    const back = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: page.isOnline === true })
    if (back.status !== 200) return `status ${back.status}`
    const [online, offline] = page.isOnline === true ? [back.body.updatedAt === reply.body.updatedAt, reply.body.updatedAt === page.updatedAt] : [reply.body.updatedAt === page.updatedAt, back.body.updatedAt === reply.body.updatedAt]
    return online && offline ? 'unchanged' : online ? 'offline-moves' : offline ? 'online-moves' : 'moves'
  },
  emptyPatchUpdatedAt: async (client) => {
    const page = await client.page((await client.site()).id, '/e')
    // Past the second, so that a clock of whole seconds moves too.
    await sleep(1100)
    const reply = await client.call('PATCH', `/v6/pages/${String(page.id)}`, {})
    // An empty update refused (emptyPageUpdate) leaves nothing of it to see.
    if (reply.status === 400) return undefined
    return reply.body.updatedAt === page.updatedAt ? 'unchanged' : 'moves'
  },
  routePathnameSlash: async (client) => {
    // Renamed under skipValidation=true, which a route create may not take (routeCreateSkipValidation).
    const made = await client.call('POST', '/v2/routes', { siteId: (await client.site()).id, pathname: '/bare-before' })
    // No route create at /v2/routes (routeOperations elsewhere): nothing of its pathnames to see.
    if (made.status === 404) return undefined
    const reply = await client.call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: 'bare' })
    if (reply.status !== 400 && reply.body.pathname !== '/bare' && reply.body.pathname !== 'bare') return `status ${reply.status}`
    // Without skipValidation it is refused, unless the slash is added always (added under skipValidation=true too) or by the rules skipValidation skips (kept as sent or refused under it).
    const plain = (await client.call('PATCH', `/v2/routes/${String(made.body.id)}`, { pathname: 'bare-plain' })).status
    if (reply.status === 400) return statusOf(plain, { 200: 'added-refused-under-skip', 400: 'refused' })
    return reply.body.pathname === '/bare' ? statusOf(plain, { 200: 'added-always', 400: 'added' }) : statusOf(plain, { 200: 'added-unless-skipped', 400: 'accepted' })
  },
  routeCreateSkipValidation: async (client) => {
    const siteId = (await client.site()).id
    const plain = await client.call('POST', '/v2/routes?skipValidation=false', { siteId, pathname: '/create-skip-false' })
    // No route create at /v2/routes (routeOperations elsewhere): nothing of its parameters to see.
    if (plain.status === 404) return undefined
    const named = ((plain.body.details ?? []) as Json[]).map((detail) => detail.field)
    if (plain.status === 400) return named.includes('skipValidation') ? 'unknown' : `skipValidation=false refused on ${named.join(', ')}`
    // Taken, a value beyond true and false is refused; ignored as an unknown parameter, it is not judged.
    return statusOf((await client.call('POST', '/v2/routes?skipValidation=maybe', { siteId, pathname: '/create-skip-maybe' })).status, { 201: 'unknown', 400: 'taken' })
  },
  routeEmptySegment: async (client) => {
    const reply = await client.call('POST', '/v2/routes', { siteId: (await client.site()).id, pathname: '/a//b' })
    // No route create at /v2/routes (routeOperations elsewhere): nothing of its pathnames to see.
    if (reply.status === 404) return undefined
    return statusOf(reply.status, { 201: 'accepted', 400: 'refused' })
  },
  pageUpdateSearchFields: async (client) => {
    const page = await client.page((await client.site()).id, '/s', 'Name')
    // With a name, so that an update whose search fields are ignored still changes something (emptyPageUpdate).
    const reply = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Renamed', title: 'Title' })
    return reply.status === 400 ? 'refused' : reply.body.title === 'Title' ? 'applied' : 'ignored'
  },
  malformedPathId: async (client) => String((await client.call('GET', '/v2/sites/not-a-uuid')).status),
  restoreLiveLocale: async (client) => {
    const site = await client.site()
    const locales = (await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Json[]
    const reply = await client.call('POST', `/v2/locales/${String(locales[0]!.id)}/restore`)
    // A 400 is the alternative only where it names the path parameter that named the locale.
    const named = ((reply.body.details ?? []) as Json[]).map((detail) => detail.field)
    return reply.status === 400 && !named.includes('localeIdOrCode') ? `400 naming ${JSON.stringify(named)}` : String(reply.status)
  },
  cursorOutsideList: async (client) => {
    const site = await client.site()
    const pages = [await client.page(site.id, '/a'), await client.page(site.id, '/b'), await client.page(site.id, '/c')]
    for (const [index, page] of pages.entries()) await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: index !== 1 })
    const reply = await client.call('GET', `/v6/pages?siteId=${String(site.id)}&startingAfter=${String(pages[1]!.id)}`)
    if (reply.status !== 200) return String(reply.status)
    const listed = (reply.body.data as Json[]).map((page) => page.pathname).join()
    return listed === '/c' ? 'after-place' : listed === '' ? 'empty-list' : listed
  },
  foreignCursor: async (client) => {
    const [site, other] = [await client.site(), await client.site()]
    const page = await client.page(site.id, '/a')
    await client.page(other.id, '/b')
    const reply = await client.call('GET', `/v6/pages?siteId=${String(other.id)}&includeOffline=true&startingAfter=${String(page.id)}`)
    const shown = reply.status !== 200 ? String(reply.status) : (reply.body.data as Json[]).length === 0 ? 'empty-list' : 'as-outside'
    if (shown !== 'as-outside' && shown !== (await OBSERVE.cursorOutsideList!(client))) return shown
    // Answered as an item the list leaves out to the App key, which reaches the page: a Site key's
    // list of its own site after it tells a deployment that refuses a page the key does not reach.
    const { site: keyed, key } = await client.keyedSite()
    const unreached = await client.call('GET', `/v6/pages?siteId=${String(keyed.id)}&includeOffline=true&startingAfter=${String(page.id)}`, undefined, key)
    if (unreached.status === 403) return 'refused-unreached'
    // An answer that an item the list leaves out gets too (cursorOutsideList) may be either alternative.
    return shown === 'as-outside' ? shown : undefined
  },
  unknownCursor: async (client) => {
    // A site of its own, with a page, so that no other observation changes the list between the two reads.
    const site = await client.site()
    await client.page(site.id, '/unknown-cursor')
    const list = `/v6/pages?siteId=${String(site.id)}&includeOffline=true`
    const whole = await client.call('GET', list)
    const reply = await client.call('GET', `${list}&startingAfter=${randomUUID()}`)
    if (reply.status !== 200) return String(reply.status)
    const ids = (listed: Reply): string => JSON.stringify((listed.body.data as Json[]).map((page) => page.id))
    // Ignored, the cursor leaves the list as it is without one (from its start).
    return (reply.body.data as Json[]).length === 0 ? 'empty-list' : ids(reply) === ids(whole) ? 'from-start' : `listed ${ids(reply)}`
  },
  deletedCursor: async (client) => {
    const site = await client.site()
    const pages = [await client.page(site.id, '/a'), await client.page(site.id, '/b'), await client.page(site.id, '/c')]
    await client.call('DELETE', `/v6/pages/${String(pages[1]!.id)}`)
    const reply = await client.call('GET', `/v6/pages?siteId=${String(site.id)}&sortBy=path&includeOffline=true&startingAfter=${String(pages[1]!.id)}`)
    // An id of nothing is unknownCursor's: a 400, a 404 or an empty page.
    if (reply.status !== 200) return reply.status === 400 || reply.status === 404 ? 'unknown' : String(reply.status)
    const listed = (reply.body.data as Json[]).map((page) => page.pathname).join()
    // Ignored as an id of nothing (unknownCursor from-start), it lists the pages from the start.
    return listed === '/c' ? 'after-place' : listed === '' || listed === '/a,/c' ? 'unknown' : listed
  },
  accessOrder: async (client) => {
    const { key } = await client.keyedSite()
    const missing = statusOf((await client.call('GET', `/v2/sites/${randomUUID()}`, undefined, key)).status, { 403: 'permission-first', 404: 'existence-first' })
    if (missing !== 'existence-first') return missing
    // A pathname no page has, in a site that exists and the key does not reach: its scope judged first, or the name.
    const other = await client.site()
    return statusOf((await client.call('GET', `/v6/pages/${encodeURIComponent('/nowhere')}?siteId=${String(other.id)}`, undefined, key)).status, { 403: 'site-first', 404: 'existence-first' })
  },
  validationOrder: async (client) => {
    const accessFirst = await accessBeforeQuery(client)
    const body = (await client.call('PATCH', `/v2/sites/${randomUUID()}`, { name: 5 })).status
    return accessFirst ? 'access-first' : body === 400 ? 'input-first' : 'params-access-body'
  },
  updatedAtAtCreation: async (client) => {
    const page = await client.page((await client.site()).id, '/u')
    return page.updatedAt === null ? 'null' : page.updatedAt === page.createdAt ? 'createdAt' : `updatedAt ${String(page.updatedAt)}`
  },
  pageLocale: async (client) => ('locale' in (await client.page((await client.site()).id, '/l')) ? 'present' : 'absent'),
  sortCollation: async (client) => {
    const site = await client.site()
    // A capital refused (pagePathnameCase refused): the page is made in lower case, and its title shows the collation.
    const capital = await client.call('POST', '/v6/pages', { siteId: site.id, pathname: '/Zeta', name: 'Page' })
    const [zeta, alpha] = [capital.status === 400 ? await client.page(site.id, '/zeta') : capital.body, await client.page(site.id, '/alpha')]
    if (zeta.pathname === '/Zeta') return (await client.order(site.id, 'sortBy=path'))[0] === '/Zeta' ? 'code-unit' : 'case-insensitive'
    // Pathnames kept in lower case (pagePathnameCase) show no collation: titles do, where an update sets them.
    if (!(await titleSettable(client, zeta.id))) return undefined
    await client.call('PATCH', `/v6/pages/${String(zeta.id)}`, { title: 'Zeta' })
    await client.call('PATCH', `/v6/pages/${String(alpha.id)}`, { title: 'alpha' })
    return (await client.order(site.id, 'sortBy=title'))[0] === '/zeta' ? 'code-unit' : 'case-insensitive'
  },
  nullsSort: async (client) => {
    const site = await client.site()
    const [untitled, titled] = [await client.page(site.id, '/n'), await client.page(site.id, '/t')]
    if (!(await titleSettable(client, titled.id))) return undefined
    await client.call('PATCH', `/v6/pages/${String(untitled.id)}`, { title: null })
    const nullFirst = async (direction: string): Promise<boolean> => (await client.order(site.id, `sortBy=title&sortDirection=${direction}`))[0] === '/n'
    const [ascending, descending] = [await nullFirst('asc'), await nullFirst('desc')]
    return ascending ? (descending ? 'first' : 'smallest') : descending ? 'largest' : 'last'
  },
  sortTies: async (client) => {
    const site = await client.site()
    // Same name, so the same title whether a new page's title is null or its name: every title ties.
    const pages: Json[] = []
    for (const index of [0, 1, 2, 3, 4, 5]) pages.push(await client.page(site.id, `/tie-${index}`, 'Same'))
    const listed = await client.order(site.id, 'sortBy=title')
    const creation = pages.map((page) => page.pathname)
    const byId = [...pages].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1)).map((page) => page.pathname)
    if (creation.join() === byId.join()) return undefined
    return listed.join() === creation.join() ? 'creation' : listed.join() === byId.join() ? 'id' : 'neither'
  },
  newPageTitle: async (client) => ((await client.page((await client.site()).id, '/nt', 'Its name')).title === 'Its name' ? 'name' : 'null'),
  newPageExcludedFromSearchEngines: async (client) => String((await client.page((await client.site()).id, '/x')).excludedFromSearchEngines),
  newPageDescription: async (client) => emptyOrNull((await client.page((await client.site()).id, '/nd')).description),
  newPageCanonicalUrl: async (client) => emptyOrNull((await client.page((await client.site()).id, '/nc')).canonicalUrl),
  newPageSocialImageUrl: async (client) => emptyOrNull((await client.page((await client.site()).id, '/ns')).socialImageUrl),
  newPageOnline: async (client) => ((await client.page((await client.site()).id, '/o')).isOnline === true ? 'online' : 'offline'),
  newPageSitemapPriority: async (client) => String((await client.page((await client.site()).id, '/p')).sitemapPriority),
  newPageSitemapFrequency: async (client) => String((await client.page((await client.site()).id, '/f')).sitemapFrequency),
  siteListOrder: async (client) => {
    // Names that sort against the order of creation: by name the second comes first, as newest first would; a third, made last and named last, tells them apart.
    const [first, second, third] = [await client.site(`Twin b ${randomUUID()}`), await client.site(`Twin a ${randomUUID()}`), await client.site(`Twin c ${randomUUID()}`)]
    const ids = ((await client.call('GET', `/v2/sites?workspaceId=${client.twin.workspaceId}&limit=100`)).body.data as Json[]).map((site) => site.id)
    const [a, b, c] = [first, second, third].map((site) => ids.indexOf(site.id))
    return a! < b! ? 'oldest-first' : c! < b! ? 'newest-first' : 'name'
  },
  localeListOrder: async (client) => {
    const site = await client.site()
    await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'de' })
    const codes = ((await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Json[]).map((locale) => locale.locale)
    return codes[0] === 'de' ? 'code' : 'creation'
  },
  routeListOrder: async (client) => {
    const site = await client.site()
    for (const pathname of ['/b', '/a', '/C']) await client.call('POST', '/v2/routes', { siteId: site.id, pathname })
    const list = await client.call('GET', `/v2/routes?siteId=${String(site.id)}`)
    if (list.status === 404) return undefined
    const listed = (list.body.data as Json[]).map((route) => route.pathname).join()
    return ({ '/b,/a,/C': 'creation', '/C,/a,/b': 'pathname', '/a,/b,/C': 'case-insensitive pathname' } as Record<string, string>)[listed] ?? listed
  },
  renameDefaultLocale: async (client) => {
    const site = await client.site()
    const locales = (await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Json[]
    return statusOf((await client.call('PATCH', `/v2/locales/${String(locales[0]!.id)}`, { locale: 'fr' })).status, { 200: 'follows', 400: 'refused' })
  },
  siteKeyWrites: async (client) => {
    const { site, key } = await client.keyedSite()
    const own = statusOf((await client.call('POST', '/v6/pages', { siteId: site.id, pathname: '/by-key', name: 'By its key' }, key)).status, { 201: 'allowed', 403: 'refused' })
    // Pages taken: a locale create with the key tells its locales refused, then a route create its
    // routes refused, with its locales or alone.
    if (own === 'allowed') {
      const localesRefused = (await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl' }, key)).status === 403
      // A key refused every route request (siteKeyRoutes refused) shows nothing of its route writes, nor does a 404 where routes are served elsewhere.
      const routes = (await OBSERVE.siteKeyRoutes!(client)) === 'refused' ? undefined : (await client.call('POST', '/v2/routes', { siteId: site.id, pathname: '/by-key-route' }, key)).status
      const unseen = routes === undefined || routes === 404
      // Its locales refused and its route writes unseen: pages-only and locales-refused are one behaviour there.
      if (localesRefused) return unseen ? 'pages-only' : statusOf(routes, { 201: 'locales-refused', 403: 'pages-only' })
      return unseen ? undefined : statusOf(routes, { 201: 'allowed', 403: 'routes-refused' })
    }
    if (own !== 'refused') return own
    // An update of its own site with a name of the wrong type: 403 before the body's 400 only at refused-first.
    const first = statusOf((await client.call('PATCH', `/v2/sites/${String(site.id)}`, { name: 12 }, key)).status, { 400: 'refused', 403: 'refused-first' })
    if (first !== 'refused') return first
    // Pages refused: a locale create with the key tells the pages refused alone (a 409, its code made by an earlier look, was let through too).
    return statusOf((await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl' }, key)).status, { 201: 'pages-refused', 409: 'pages-refused', 403: 'refused' })
  },
  siteKeyRoutes: async (client) => {
    const { site, key } = await client.keyedSite()
    const routes = await client.call('GET', `/v2/routes?siteId=${String(site.id)}`, undefined, key)
    // No route list at /v2/routes (routeOperations elsewhere): nothing to read there.
    return routes.status === 404 ? undefined : statusOf(routes.status, { 200: 'read', 403: 'refused' })
  },
  siteKeySiteList: async (client) => {
    const { key } = await client.keyedSite()
    return statusOf((await client.call('GET', `/v2/sites?workspaceId=${client.twin.workspaceId}`, undefined, key)).status, { 403: 'refused', 200: 'own-site' })
  },
  deletedSiteKey: async (client) => {
    const [gone, kept] = [await client.site(), await client.site()]
    // Where Site keys are apart from the publicApiKey (publicApiKeyAsSiteKey), no deleted site's Site key is known: its
    // publicApiKey is asked, which tells nothing where it is no key at all (not-a-key: a 401 while its site lives).
    if (client.twin.siteApiKey !== undefined && (await client.call('GET', `/v2/sites/${String(gone.id)}`, undefined, String(gone.publicApiKey))).status === 401) return undefined
    await client.call('DELETE', `/v2/sites/${String(gone.id)}`)
    // A site that exists: no accessOrder makes its read a 404 for a key that reaches nothing.
    return statusOf((await client.call('GET', `/v2/sites/${String(kept.id)}`, undefined, String(gone.publicApiKey))).status, { 401: '401', 403: '403' })
  },
  keyKindOrder: async (client) => {
    const { site, key } = await client.keyedSite()
    // A Site key duplicating its own site with a name of the wrong type: the body's 400 before its kind's 403 at after-input, and
    // with access where the whole input goes first (validationOrder input-first), where the two refuse a Site key alike.
    const duplicate = await client.call('POST', `/v2/sites/${String(site.id)}/duplicate`, { name: 12 }, key)
    if (duplicate.status === 400) return (await client.call('PATCH', `/v2/sites/${randomUUID()}`, { name: 12 })).status === 400 ? publishableKindOrder(client, key) : 'after-input'
    // A Site key deleting a site named by a malformed id: the 400 where its kind is refused with access, after the path.
    const reply = await client.call('DELETE', '/v2/sites/not-a-uuid', undefined, key)
    if (reply.status !== 403) return statusOf(reply.status, { 400: 'with-access', 404: 'with-access' })
    // The 403 either way where access comes before any input (validationOrder access-first) or every Site key write is refused first (siteKeyWrites refused-first).
    if (await accessBeforeQuery(client)) return undefined
    if ((await client.call('PATCH', `/v2/locales/${randomUUID()}`, { locale: 12 }, key)).status === 403) return undefined
    return 'first'
  },
  pathnameLookupLocale: async (client) => {
    const site = await client.site()
    const page = await client.page(site.id, '/in-locale')
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'de-DE' })
    if (made.status !== 201) return `locale create ${made.status}`
    // A new page has no localization: read by its own pathname in de-DE, it is found only where a pathname is the page's own.
    const reply = await client.call('GET', `/v6/pages/${encodeURIComponent(String(page.pathname))}?siteId=${String(site.id)}&locale=de-DE`)
    return statusOf(reply.status, { 200: 'own', 404: 'localized' })
  },
  localeManagementMode: async (client) => String((await client.site()).localeManagementMode),
  localeCodeStored: codeStored,
  pathnameTrailingSlash: async (client) => {
    // A slug has no trailing slash, whatever the deployment would keep of one (pagePathnameCharacters slugged).
    if (await slugs(client)) return undefined
    const reply = await client.call('POST', '/v6/pages', { siteId: (await client.site()).id, pathname: '/about/', name: 'About' })
    // A deployment that refuses the form (pagePathnameForm slash-first) stores nothing to see.
    if (reply.status === 400) return undefined
    return reply.body.pathname === '/about/' ? 'kept' : reply.body.pathname === '/about' ? 'dropped' : `status ${reply.status}`
  },
  nameWhitespace: async (client) => ((await client.site(' padded ')).name === 'padded' ? 'trimmed' : 'kept'),
  sitePathPrefixFields: async (client) => ('defaultLocalePathPrefix' in (await client.site()) ? 'present' : 'absent'),
  reachOrder: async (client) => {
    // Hidden where access comes before any input anyway (validationOrder access-first).
    if (await accessBeforeQuery(client)) return undefined
    // A query fault on a list of a site that exists and the Site key does not reach: its 403 first, or the 400.
    const { key } = await client.keyedSite()
    const other = await client.site()
    return statusOf((await client.call('GET', `/v6/pages?siteId=${String(other.id)}&limit=not-a-number`, undefined, key)).status, { 403: 'first', 400: 'with-access' })
  },
  unknownSiteReference: async (client) => {
    const reply = await client.call('GET', `/v2/locales?siteId=${randomUUID()}`)
    if (reply.status === 400 && !siteRefusedAlone(reply)) return `400 naming ${JSON.stringify(((reply.body.details ?? []) as Json[]).map((detail) => detail.field))}`
    if (reply.status !== 400) return statusOf(reply.status, { 404: 'not-found' })
    // Refused as input everywhere, or only where a list or a create names a site that never was: a deleted site's list tells.
    const gone = await client.site()
    await client.call('DELETE', `/v2/sites/${String(gone.id)}`)
    return statusOf((await client.call('GET', `/v2/locales?siteId=${String(gone.id)}`)).status, { 400: 'invalid', 404: 'invalid-never-made' })
  },
  siteIdBesideId: async (client) => {
    const [site, other] = [await client.site(), await client.site()]
    const page = await client.page(site.id, '/beside')
    const reply = await client.call('GET', `/v6/pages/${String(page.id)}?siteId=${String(other.id)}`)
    // A 400 is the alternative only where it names siteId.
    const named = ((reply.body.details ?? []) as Json[]).map((detail) => detail.field)
    if (reply.status === 400 && !named.includes('siteId')) return `400 naming ${JSON.stringify(named)}`
    return statusOf(reply.status, { 404: 'checked', 200: 'ignored', 400: 'refused' })
  },
  createBodyOrder: async (client) => {
    // A body fault on a site that does not exist answered 400 is input-first (validationOrder), which hides this class.
    if ((await client.call('PATCH', `/v2/sites/${randomUUID()}`, { name: 12 })).status === 400) return undefined
    const reply = await client.call('POST', '/v6/pages', { siteId: randomUUID(), name: 'Without pathname' })
    // The site that names nothing refused alone (unknownSiteReference invalid) was judged before the body.
    return siteRefusedAlone(reply) ? 'validation-order' : statusOf(reply.status, { 400: 'body-first', 404: 'validation-order' })
  },
  hostOriginNull: async (client) => {
    // A site with an origin, so that a null taken as no change shows (a site without one reads null either way).
    const path = `/v2/sites/${String((await client.site()).id)}`
    // The origin in the form the twin keeps it.
    const origin = (await client.call('PATCH', path, { hostOrigin: 'https://origin.example.com' })).body.hostOrigin
    const reply = await client.call('PATCH', path, { hostOrigin: null })
    if (reply.status !== 200) return statusOf(reply.status, { 400: 'refused' })
    const kept = (await client.call('GET', path)).body.hostOrigin
    return kept === null ? 'clears' : kept === origin ? 'unchanged' : `hostOrigin ${JSON.stringify(kept)}`
  },
  localeLookupCase: async (client) => {
    // A deployment that stores codes in canonical case looks them up so: any case finds them either
    // way. Only one seen to store codes as sent shows its lookup.
    if ((await codeStored(client)) !== 'as-sent') return undefined
    const site = await client.site()
    const answer = await client.call('GET', `/v2/locales/${encodeURIComponent(String(site.defaultLocale).toUpperCase())}?siteId=${String(site.id)}`)
    // A code in upper case refused before any lookup (localeCodeCase strict) shows nothing of the lookup.
    return answer.status === 400 ? undefined : statusOf(answer.status, { 200: 'any-case', 404: 'exact' })
  },
  localeLookupSpelling: async (client) => {
    // A locale written with `_`: taken only where the writes take that spelling (localeCodeCase any-spelling).
    const site = await client.site()
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl_BE' })
    if (made.status !== 201) return undefined
    const answer = await client.call('GET', `/v2/locales/nl_BE?siteId=${String(site.id)}`)
    return statusOf(answer.status, { 200: 'as-written', 404: 'as-sent' })
  },
  routeOperations: async (client) => statusOf((await client.call('GET', `/v2/routes?siteId=${String((await client.site()).id)}`)).status, { 200: 'served', 404: 'elsewhere' }),
  localeDomains: async (client) => {
    const site = await client.site()
    await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl-BE', domain: 'https://nl.example.com' })
    const inSite = statusOf((await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'fr-LU', domain: 'https://nl.example.com' })).status, { 201: 'shared', 409: 'unique' })
    if (inSite !== 'unique') return inSite
    const across = await client.call('POST', '/v2/locales', { siteId: (await client.site()).id, locale: 'nl-BE', domain: 'https://nl.example.com' })
    return statusOf(across.status, { 201: 'unique', 409: 'unique-everywhere' })
  },
  publicApiKeyAsSiteKey: async (client) => {
    const site = await client.site()
    const key = String(site.publicApiKey)
    const status = async (path: string): Promise<number> => (await client.call('GET', path, undefined, key)).status
    const drafts = statusOf(await status(`/v6/pages?siteId=${String(site.id)}`), { 200: 'read', 401: 'not-a-key', 403: 'refused' })
    if (drafts !== 'read' && drafts !== 'refused') return drafts
    // A key that reads the site's pages may read the site too (publicApiKeySiteRead): its site's read tells apart only the keys that read no page.
    const own = statusOf(await status(`/v2/sites/${String(site.id)}`), { 200: 'read', 403: 'refused' })
    if (own !== 'read' && own !== 'refused') return own
    // Read without a version: a Site key, or one that reads the site's pages as published alone, or its locales and online pages, or its site and pages, which its locales' read, then its drafts', tell.
    if (drafts === 'read') {
      const locales = statusOf(await status(`/v2/locales?siteId=${String(site.id)}`), { 200: 'read', 403: 'refused' })
      if (locales === 'read') {
        // Its drafts refused: a key for the pages as published that reads the locales too (publicApiKeyLocales read).
        if ((await status(`/v6/pages?siteId=${String(site.id)}&versionRef=ref:draft`)) === 403) return 'published-pages'
        if (own === 'refused') return 'online-pages'
        const found = await siteKeyOrRendering(client, site, key)
        // Read as a Site key would, where Site keys are apart from it: a read-only key, refused a write to its own page.
        if (found !== 'site-key' || client.twin.siteApiKey === undefined) return found
        const page = await client.page(site.id, '/read-only')
        return statusOf((await client.call('PATCH', `/v6/pages/${String(page.id)}`, { name: 'By its publicApiKey' }, key)).status, { 403: 'reads', 200: 'site-key' })
      }
      if (locales !== 'refused') return locales
      // Refused the locales: a key for the pages as published alone, or for the pages in any version, which a draft list tells; in any version, with its site, one for rendering and previewing it.
      const pages = statusOf(await status(`/v6/pages?siteId=${String(site.id)}&versionRef=ref:draft`), { 200: 'pages', 403: 'published-pages' })
      return pages === 'pages' && own === 'read' ? 'site-and-pages' : pages
    }
    // Refused the drafts: a key refused everything, one for the site's live pages alone, or one for its single resources or its configuration, which read its site.
    const live = statusOf(await status(`/v6/pages?siteId=${String(site.id)}&versionRef=ref:live`), { 200: 'live-pages', 403: 'refused' })
    if (live !== 'refused') return live
    if (own === 'refused') return 'forbidden'
    // Its site read: a key for its single resources lists nothing, one for its configuration lists its locales.
    return statusOf(await status(`/v2/locales?siteId=${String(site.id)}`), { 200: 'configuration', 403: 'single-resources' })
  },
  publicApiKeyRoutes: async (client) => {
    // Seen only where the publicApiKey reads its site's pages; elsewhere it reads routes as a Site key, or nothing.
    if (!['live-pages', 'published-pages', 'online-pages', 'pages', 'site-and-pages', 'reads'].includes(String(await OBSERVE.publicApiKeyAsSiteKey!(client)))) return undefined
    // Read as the Site key would: where a Site key is refused the routes (siteKeyRoutes), so is it either way.
    if ((await OBSERVE.siteKeyRoutes!(client)) === 'refused') return undefined
    const site = await client.site()
    const routes = await client.call('GET', `/v2/routes?siteId=${String(site.id)}`, undefined, String(site.publicApiKey))
    // No route list at /v2/routes (routeOperations elsewhere): nothing to read there.
    return routes.status === 404 ? undefined : statusOf(routes.status, { 200: 'read', 403: 'refused' })
  },
  publicApiKeySiteRead: async (client) => {
    // Seen only where the publicApiKey reads its site's pages and no site of itself; a key for the pages in any version that reads the site is observed as site-and-pages.
    if (!['live-pages', 'published-pages', 'online-pages', 'pages'].includes(String(await OBSERVE.publicApiKeyAsSiteKey!(client)))) return undefined
    const site = await client.site()
    return statusOf((await client.call('GET', `/v2/sites/${String(site.id)}`, undefined, String(site.publicApiKey))).status, { 200: 'read', 403: 'refused' })
  },
  publicApiKeyLocales: async (client) => {
    // Seen only where the publicApiKey reads its site's pages as published alone.
    if (!['live-pages', 'published-pages'].includes(String(await OBSERVE.publicApiKeyAsSiteKey!(client)))) return undefined
    const site = await client.site()
    return statusOf((await client.call('GET', `/v2/locales?siteId=${String(site.id)}`, undefined, String(site.publicApiKey))).status, { 200: 'read', 403: 'refused' })
  },
  publicApiKeyOfflinePages: async (client) => {
    // Seen only where the publicApiKey reads its site's locales and online pages; elsewhere it reads offline pages as a Site key, or no page.
    if ((await OBSERVE.publicApiKeyAsSiteKey!(client)) !== 'online-pages') return undefined
    const site = await client.site()
    // A page of the site turned offline, so that the key's list asking the offline pages too tells hidden (fewer than the App key lists) from read (as many).
    const page = await client.page(site.id, '/offline')
    const offline = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: false })
    if (offline.status !== 200) return `a page turned offline: ${offline.status}`
    const path = `/v6/pages?siteId=${String(site.id)}&includeOffline=true&limit=100`
    const pages = await client.call('GET', path, undefined, String(site.publicApiKey))
    if (pages.status !== 200) return statusOf(pages.status, { 403: 'refused' })
    const listed = (reply: Reply): number => (reply.body.data as Json[]).length
    return listed(pages) < listed(await client.call('GET', path)) ? 'hidden' : 'read'
  },
  emptyPageUpdate: async (client) => {
    const page = await client.page((await client.site()).id, '/empty')
    const empty = await client.raw('PATCH', `/v6/pages/${String(page.id)}`, {})
    if (empty.status !== 400) return statusOf(empty.status, { 200: 'accepted' })
    // Refused for changing nothing, or for want of the pathname: an update of the name alone tells.
    return statusOf((await client.raw('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Renamed' })).status, { 200: 'refused', 400: 'pathname-required' })
  },
  pagePathnameCase: async (client) => {
    // A slug is in lower case, whatever the deployment would keep of a capital (pagePathnameCharacters slugged).
    if (await slugs(client)) return undefined
    const reply = await client.call('POST', '/v6/pages', { siteId: (await client.site()).id, pathname: '/About', name: 'About' })
    // A 400 is the alternative only where it names the pathname.
    const named = ((reply.body.details ?? []) as Json[]).map((detail) => detail.field)
    if (reply.status === 400) return named.includes('pathname') ? 'refused' : `400 naming ${JSON.stringify(named)}`
    return reply.body.pathname === '/About' ? 'kept' : reply.body.pathname === '/about' ? 'lower-case' : `status ${reply.status}`
  },
  pathnameConflictCase: async (client) => {
    const site = await client.site()
    const capital = await client.call('POST', '/v6/pages', { siteId: site.id, pathname: '/Case', name: 'Case' })
    if (capital.body.pathname === '/Case') return statusOf((await client.call('POST', '/v6/pages', { siteId: site.id, pathname: '/case', name: 'case' })).status, { 201: 'exact', 409: 'any-case' })
    // Pathnames kept in lower case, or capitals refused (pagePathnameCase), make no two pages that differ in case alone:
    // a route beside a page in lower case does, where routes are created at /v2/routes (routeOperations).
    if (capital.status === 400) await client.page(site.id, '/case')
    const route = await client.call('POST', '/v2/routes', { siteId: site.id, pathname: '/Case' })
    return route.status === 404 ? undefined : statusOf(route.status, { 201: 'exact', 409: 'any-case' })
  },
  routePathnameCharacters: async (client) => {
    // The update is served wherever the other route operations are: one that judges the body before
    // it finds the route refuses the pathname even for a route that does not exist.
    const accented = async (): Promise<number> => (await client.call('POST', '/v2/routes', { siteId: (await client.site()).id, pathname: '/blog/café' })).status
    // Brackets refused before the route is looked up: café to a route that does not exist tells letters (a 404 once the body passes) from refused.
    if ((await client.call('PATCH', `/v2/routes/${randomUUID()}`, { pathname: '/blog/[slug]' })).status === 400) {
      return statusOf((await client.call('PATCH', `/v2/routes/${randomUUID()}`, { pathname: '/blog/café' })).status, { 404: 'letters', 400: 'refused' })
    }
    const reply = await client.call('POST', '/v2/routes', { siteId: (await client.site()).id, pathname: '/blog/[slug]' })
    // No route create at /v2/routes (routeOperations elsewhere): nothing of its pathnames to see.
    if (reply.status === 404) return undefined
    if (reply.status === 400) return statusOf(await accented(), { 201: 'letters', 400: 'refused' })
    const brackets = statusOf(reply.status, { 201: 'accepted' })
    if (brackets !== 'accepted') return brackets
    return statusOf(await accented(), { 201: 'accepted', 400: 'ascii-only' })
  },
  newPagePublished: async (client) => {
    const page = await client.page((await client.site()).id, '/new')
    return page.publishedAt === null ? 'unpublished' : page.publishedAt === page.createdAt ? 'published' : `publishedAt ${String(page.publishedAt)}`
  },
  liveVersion: async (client) => {
    const page = await client.page((await client.site()).id, '/versioned')
    // Published by going online where the API publishes that way, then moved while online.
    await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: false, pathname: '/versioned' })
    await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: true, pathname: '/versioned' })
    await client.call('PATCH', `/v6/pages/${String(page.id)}`, { pathname: '/versioned-now' })
    const live = await client.call('GET', `/v6/pages/${String(page.id)}?versionRef=ref:live`)
    // Never published (control-plane, and not as created): no live version to see.
    if (live.status === 404) return undefined
    return live.body.pathname === '/versioned-now' ? 'current' : 'snapshot'
  },
  pagePublishing: async (client) => {
    const page = await client.page((await client.site()).id, '/published')
    await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: false, pathname: '/published' })
    // A page published as it was created (newPagePublished): going online publishes it again, at a later instant, only at going-online.
    if (page.publishedAt !== null) await new Promise((resolve) => setTimeout(resolve, 1_050))
    const on = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: true, pathname: '/published' })
    if (page.publishedAt !== null) return on.body.publishedAt === page.publishedAt ? 'control-plane' : 'going-online'
    return statusOf((await client.call('GET', `/v6/pages/${String(page.id)}?versionRef=ref:live`)).status, { 404: 'control-plane', 200: 'going-online' })
  },
  onlineRepublish: async (client) => {
    // No update publishes (pagePublishing control-plane): either alternative changes nothing.
    if ((await OBSERVE.pagePublishing!(client)) !== 'going-online') return undefined
    const page = await client.page((await client.site()).id, '/republished')
    // Offline and online again, so that it is published and online whatever a new page is.
    await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: false })
    const published = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: true })
    // Past the second, so that a clock of whole seconds moves too.
    await sleep(1100)
    const again = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: true })
    if (published.status !== 200 || again.status !== 200) return `status ${published.status}, ${again.status}`
    return again.body.publishedAt === published.body.publishedAt ? 'unchanged' : 'republishes'
  },
  restoreByCode: async (client) => {
    const site = await client.site()
    const byCode = (await client.call('POST', `/v2/locales/${String(site.defaultLocale)}/restore?siteId=${String(site.id)}`)).status
    const byId = (await client.call('POST', `/v2/locales/${String(((await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Json[])[0]!.id)}/restore`)).status
    // A live locale is not found by id either (restoreLiveLocale 404): nothing tells the two lookups apart.
    return byId === 404 ? undefined : byCode === 404 ? 'deleted-only' : 'any-locale'
  },
  deletedLocaleCode: async (client) => {
    const site = await client.site()
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl-NL' })
    await client.call('DELETE', `/v2/locales/${String(made.body.id)}`)
    const again = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl-NL' })
    // Created again with the deleted one's own id: brought back, not made anew.
    if (again.status === 201 && again.body.id === made.body.id) return 'revived'
    return statusOf(again.status, { 201: 'free', 409: 'reserved' })
  },
  duplicateDeletedLocales: async (client) => {
    const site = await client.site()
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'da-DK' })
    await client.call('DELETE', `/v2/locales/${String(made.body.id)}`)
    const copy = await client.call('POST', `/v2/sites/${String(site.id)}/duplicate`, { name: `${String(site.name)} copy` })
    // A restore by its code in the copy: the copy holds the deleted locale only where it was copied.
    return statusOf((await client.call('POST', `/v2/locales/da-DK/restore?siteId=${String(copy.body.id)}`)).status, { 200: 'copied', 404: 'left' })
  },
  pagePathnameSlash: async (client) => {
    // A slug starts with its slash, whatever the deployment would keep of a pathname without one (pagePathnameCharacters slugged).
    if (await slugs(client)) return undefined
    const reply = await client.call('POST', '/v6/pages', { siteId: (await client.site()).id, pathname: 'bare', name: 'Bare' })
    // A pathname without its slash refused (pagePathnameForm slash-first): nothing kept of it to see.
    if (reply.status === 400) return undefined
    return reply.body.pathname === 'bare' ? 'as-sent' : reply.body.pathname === '/bare' ? 'added' : `status ${reply.status}`
  },
  repeatedDelete: async (client) => {
    // An id that never was is a 404 whichever the alternative: only a delete sent again tells them apart.
    if ((await client.call('DELETE', `/v6/pages/${randomUUID()}`)).status !== 404) return 'a page that never was deleted'
    const page = await client.page((await client.site()).id, '/twice')
    await client.call('DELETE', `/v6/pages/${String(page.id)}`)
    const again = (await client.call('DELETE', `/v6/pages/${String(page.id)}`)).status
    // Sent again by another workspace, it is never a success.
    if (again === 204 && (await client.call('DELETE', `/v6/pages/${String(page.id)}`, undefined, client.twin.otherWorkspaceKey)).status === 204) return "idempotent for another workspace's key"
    return statusOf(again, { 204: 'idempotent', 404: 'not-found' })
  },
  siteNames: async (client) => {
    const site = await client.site()
    return statusOf((await client.call('POST', '/v2/sites', { workspaceId: client.twin.workspaceId, name: String(site.name).toUpperCase() })).status, { 201: 'shared', 409: 'unique' })
  },
  pathPrefixCase: async (client) => {
    const site = await client.site()
    await client.page(site.id, '/prefix/case')
    return (await client.order(site.id, 'pathPrefix=%2FPREFIX')).length === 1 ? 'any-case' : 'exact'
  },
  localeFilterScope: async (client) => {
    const site = await client.site()
    await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'de' })
    await client.page(site.id, '/scope')
    // A page of the site's own, not localized in `de`: listed there only where every page is.
    return (await client.order(site.id, 'locale=de')).length === 1 ? 'all' : 'localized'
  },
  unlocalizedPageLocale: async (client) => {
    const site = await client.site()
    await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'nl' })
    const page = await client.page(site.id, '/unlocalized')
    // Read in `nl`, which it has no localization in: the locale it shows (none where pages carry none, pageLocale absent).
    const shown = (await client.call('GET', `/v6/pages/${String(page.id)}?locale=nl`)).body.locale
    return shown === undefined ? undefined : shown === site.defaultLocale ? 'own' : shown === 'nl' ? 'requested' : `shown as ${String(shown)}`
  },
  unservedMethod: async (client) => statusOf((await client.call('POST', `/v2/sites/${String((await client.site()).id)}`, {})).status, { 405: '405', 404: '404' }),
  // An empty x-api-key is no key.
  unknownPathKey: async (client) => statusOf((await client.raw('GET', '/v2/nowhere', undefined, '')).status, { 404: 'path-first', 401: 'key-first' }),
  siteDeleteChildren: async (client) => {
    const site = await client.site()
    const page = await client.page(site.id, '/child')
    await client.call('DELETE', `/v2/sites/${String(site.id)}`)
    const kept = statusOf((await client.call('GET', `/v6/pages/${String(page.id)}`)).status, { 200: 'kept', 404: 'deleted' })
    // What a site leaves stays its workspace's alone.
    if (kept === 'kept' && (await client.call('GET', `/v6/pages/${String(page.id)}`, undefined, client.twin.otherWorkspaceKey)).status !== 403) return 'kept, open to another workspace'
    return kept
  },
  pathnameLookupCase: async (client) => {
    const siteId = (await client.site()).id
    const found = async (path: string): Promise<Observed> => statusOf((await client.call('GET', `${path}?siteId=${String(siteId)}`)).status, { 200: 'any-case', 404: 'exact' })
    // Page pathnames kept in lower case (pagePathnameCase) are looked up so: any case finds them either way.
    // Where a capital is refused, a page in lower case is looked up with one.
    const capital = await client.call('POST', '/v6/pages', { siteId, pathname: '/Lookup', name: 'Page' })
    const page = capital.status === 400 ? await client.page(siteId, '/lookup') : capital.body
    // A slug is looked up as the slug of the pathname in the path, whatever the case (pagePathnameCharacters slugged): the pages show nothing.
    const byPage = page.pathname === '/Lookup' ? await found('/v6/pages/%2Flookup') : capital.status === 400 && !(await slugs(client)) ? await found('/v6/pages/%2FLookup') : undefined
    // Routes, where served at /v2/routes (routeOperations), keep their case: they show the lookup too.
    const route = await client.call('POST', '/v2/routes', { siteId, pathname: '/Route' })
    const byRoute = route.status === 201 ? await found('/v2/routes/%2Froute') : undefined
    if (byPage !== undefined && byRoute !== undefined && byPage !== byRoute) return `pages ${String(byPage)}, routes ${String(byRoute)}`
    return byPage ?? byRoute
  },
  duplicatePublication: async (client) => {
    const site = await client.site()
    const page = await client.page(site.id, '/copied')
    // Online, so that the copy shows whether it kept that.
    await client.call('PATCH', `/v6/pages/${String(page.id)}`, { isOnline: true })
    const copy = await client.call('POST', `/v2/sites/${String(site.id)}/duplicate`, { name: `${String(site.name)} copy` })
    const [copied] = (await client.call('GET', `/v6/pages?siteId=${String(copy.body.id)}&includeOffline=true`)).body.data as Json[]
    if (copied === undefined) return 'no page in the copy'
    return copied.isOnline === true ? 'copied' : copied.isOnline === false && copied.publishedAt === null ? 'reset' : `isOnline ${String(copied.isOnline)}`
  },
  duplicateLocaleDomains: async (client) => {
    const site = await client.site()
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'pt-PT', domain: 'https://pt.example.com' })
    if (made.status !== 201) return `locale create ${made.status}`
    const copy = await client.call('POST', `/v2/sites/${String(site.id)}/duplicate`, { name: `${String(site.name)} copy` })
    const copied = ((await client.call('GET', `/v2/locales?siteId=${String(copy.body.id)}&limit=100`)).body.data as Json[]).find((locale) => locale.locale === made.body.locale)
    if (copied === undefined) return 'no pt-PT in the copy'
    return copied.domain === made.body.domain ? 'copied' : copied.domain === null ? 'dropped' : `domain ${String(copied.domain)}`
  },
  clockPrecision: async (client) => (/\.\d+Z$/.test(String((await client.page((await client.site()).id, '/clock')).createdAt)) ? 'millisecond' : 'second'),
  skipValidationConflicts: async (client) => {
    const site = await client.site()
    await client.page(site.id, '/shared')
    // Routes renamed under skipValidation=true, which a route create may not take (routeCreateSkipValidation).
    const made = await Promise.all(['/held', '/to-page', '/to-route'].map((pathname) => client.call('POST', '/v2/routes', { siteId: site.id, pathname })))
    // No route create at /v2/routes (routeOperations elsewhere): nothing of its conflicts to see.
    if (made.some((reply) => reply.status === 404)) return undefined
    const bad = made.find((reply) => reply.status !== 201)
    if (bad !== undefined) return `a plain route create answered ${bad.status}`
    // A clash with a page's pathname and one with another route's: a deployment may skip either alone.
    const rename = (reply: (typeof made)[number], pathname: string) => client.call('PATCH', `/v2/routes/${String(reply.body.id)}?skipValidation=true`, { pathname })
    const onPage = await rename(made[1]!, '/shared')
    const onRoute = await rename(made[2]!, '/held')
    const skipped = (reply: { status: number }): boolean | undefined => (reply.status === 200 ? true : reply.status === 409 ? false : undefined)
    const [page, route] = [skipped(onPage), skipped(onRoute)]
    if (page === undefined || route === undefined) return `statuses ${onPage.status} (a page's pathname) and ${onRoute.status} (another route's)`
    return page ? (route ? 'skipped' : 'page-conflicts') : route ? 'route-conflicts' : 'checked'
  },
  localePathPrefixes: async (client) => {
    const site = await client.site()
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'fr-FR' })
    if (made.status !== 201) return `locale create ${made.status}`
    const listed = (await client.call('GET', `/v2/locales?siteId=${String(site.id)}&limit=100`)).body.data as Json[]
    // The default locale and the new one, each without a prefix of its own: both null, or both made of the code.
    const prefixes = listed.map((locale) => locale.pathPrefix)
    const derived = listed.map((locale) => (locale.isDefault === true ? '' : String(locale.locale).toLowerCase()))
    return prefixes.every((prefix) => prefix === null) ? 'null' : JSON.stringify(prefixes) === JSON.stringify(derived) ? 'code' : `pathPrefix ${JSON.stringify(prefixes)}`
  },
  offlineLiveVersion: async (client) => {
    const page = await client.page((await client.site()).id, '/offline-live')
    const id = String(page.id)
    // Published by going online where the API publishes that way (or as it was created), then taken offline.
    await client.call('PATCH', `/v6/pages/${id}`, { isOnline: false })
    await client.call('PATCH', `/v6/pages/${id}`, { isOnline: true })
    // Never published (control-plane, and not as created): no live version to withdraw.
    if ((await client.call('GET', `/v6/pages/${id}?versionRef=ref:live`)).status === 404) return undefined
    await client.call('PATCH', `/v6/pages/${id}`, { isOnline: false })
    const live = await client.call('GET', `/v6/pages/${id}?versionRef=ref:live`)
    if (live.status === 404) return 'withdrawn'
    if (live.status !== 200) return `status ${live.status}`
    // A live version that stayed online (a snapshot the control plane published): nothing went offline to see.
    return live.body.isOnline === false ? 'kept' : undefined
  },
  deletedLocaleRead: async (client) => {
    const site = await client.site()
    const made = await client.call('POST', '/v2/locales', { siteId: site.id, locale: 'sv-SE' })
    await client.call('DELETE', `/v2/locales/${String(made.body.id)}`)
    const read = await client.call('GET', `/v2/locales/${String(made.body.id)}`)
    // Read back as it was: its own id and code.
    if (read.status === 200) return read.body.id === made.body.id && read.body.locale === made.body.locale ? 'by-id' : `another locale: ${JSON.stringify([read.body.id, read.body.locale])}`
    return statusOf(read.status, { 404: 'not-found' })
  },
  pageTitleFollowsName: async (client) => {
    const page = await client.page((await client.site()).id, '/tf', 'Its name')
    // A title that is the name, where a new page's is not: set to it, where an update takes a title (pageUpdateSearchFields).
    const titled = page.title === 'Its name' ? page : (await client.call('PATCH', `/v6/pages/${String(page.id)}`, { title: 'Its name' })).body
    if (titled.title !== 'Its name') return undefined
    const renamed = await client.call('PATCH', `/v6/pages/${String(page.id)}`, { name: 'Its new name' })
    if (renamed.status !== 200) return `status ${renamed.status}`
    return renamed.body.title === 'Its new name' ? 'follows' : renamed.body.title === 'Its name' ? 'kept' : `title ${JSON.stringify(renamed.body.title)}`
  },
  localeRenameTouchesPages: async (client) => {
    const site = await client.site()
    const page = await client.page(site.id, '/touched')
    const locales = (await client.call('GET', `/v2/locales?siteId=${String(site.id)}`)).body.data as Json[]
    // Past the second, so that a clock of whole seconds moves too.
    await sleep(1100)
    // The default locale, which every page of the site is shown in; one that cannot be renamed (renameDefaultLocale) hides the class.
    if ((await client.call('PATCH', `/v2/locales/${String(locales[0]!.id)}`, { locale: 'fr' })).status !== 200) return undefined
    const read = await client.call('GET', `/v6/pages/${String(page.id)}`)
    return read.body.updatedAt === page.updatedAt ? 'untouched' : 'touched'
  },
  pathRecordOrder: async (client) => {
    // Seen only where a site in the path is found missing before a faulty body, and a query fault before access (validationOrder params-access-body).
    if ((await client.call('PATCH', `/v2/sites/${randomUUID()}`, { name: 12 })).status !== 404) return undefined
    const query = await client.call('GET', `/v2/locales?siteId=${randomUUID()}&limit=not-a-number`)
    const fields = ((query.body.details ?? []) as Json[]).map((detail) => detail.field)
    if (query.status !== 400 || fields.every((field) => field === 'siteId')) return undefined
    return statusOf((await client.call('PATCH', `/v6/pages/${randomUUID()}`, { name: 12 })).status, { 404: 'with-access', 400: 'after-body' })
  },
  routeRulesOrder: async (client) => {
    // Seen only where the whole input goes first (validationOrder input-first): a body fault to a site that does not exist is a 400 there.
    if ((await client.call('PATCH', `/v2/sites/${randomUUID()}`, { name: 12 })).status !== 400) return undefined
    // A pathname without its leading slash, which the route rules refuse unless they add it whatever (routePathnameSlash added-always).
    const reply = await client.call('PATCH', `/v2/routes/${randomUUID()}`, { pathname: 'no-slash' })
    const siteId = (await client.site()).id
    if (reply.status === 400) {
      // The slash with the body: the rest too, or once found. A pathname with its slash that a create refuses tells (none where only the slash is refused).
      const candidates = ['/rules order/x', '/rules-order//x', '/rules-order/[x']
      let refused: string | undefined
      for (const pathname of candidates) if (refused === undefined && (await client.call('POST', '/v2/routes', { siteId, pathname })).status === 400) refused = pathname
      return refused === undefined ? undefined : statusOf((await client.call('PATCH', `/v2/routes/${randomUUID()}`, { pathname: refused })).status, { 400: 'with-body', 404: 'slash-with-body' })
    }
    if (reply.status !== 404) return statusOf(reply.status, {})
    // Missing first, or taken: a create in a site that exists tells (none where route creates are served elsewhere).
    const made = await client.call('POST', '/v2/routes', { siteId, pathname: 'no-slash' })
    return made.status === 400 ? 'after-lookup' : undefined
  },
  pathnameInPath: async (client) => {
    const siteId = String((await client.site()).id)
    const pathname = String((await client.page(siteId, '/in-path/x')).pathname)
    // Each form sent as it is.
    const encoded = await client.raw('GET', `/v6/pages/${encodeURIComponent(pathname)}?siteId=${siteId}`)
    const segments = await client.raw('GET', `/v6/pages${pathname.split('/').map(encodeURIComponent).join('/')}?siteId=${siteId}`)
    return encoded.status === 200 && segments.status !== 200 ? 'encoded' : segments.status === 200 && encoded.status === 400 ? 'segments' : `encoded ${encoded.status}, segments ${segments.status}`
  },
  malformedPathName: async (client) => {
    // Where a malformed path parameter is a 404 anyway (malformedPathId), a name refused and one looked up answer alike.
    if ((await client.call('GET', '/v2/sites/not-a-uuid')).status === 404) return undefined
    // A code no grammar has (a pathname without its slash is a pathname where pagePathnameForm is any).
    const reply = await client.call('GET', `/v2/locales/not!a!code?siteId=${String((await client.site()).id)}`)
    return statusOf(reply.status, { 400: 'refused', 404: 'looked-up' })
  },
}
