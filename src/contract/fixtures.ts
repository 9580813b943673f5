import { CheckFailure, CheckSkip, idOf, type CheckContext, type ContextParts, type Json } from './check.js'
import { LOCALES, PAGE, PAGES, ROUTES, SITE, SITES } from './endpoints.js'
import { runPathname, runName, taggedOrigin } from './tag.js'
import { appendAll } from '../append.js'
import { pageUpdate } from './page-update.js'
import { detailFields } from './exchange-rules.js'

/** Real locale codes, handed out per site so that no two creates in one site collide. */
const LOCALE_CODES = [
  'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'pt-PT', 'sv-SE', 'da-DK', 'nb-NO', 'fi-FI', 'pl-PL',
  'cs-CZ', 'hu-HU', 'ro-RO', 'el-GR', 'tr-TR', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW', 'en-GB', 'en-AU', 'en-CA',
  'fr-CA', 'es-MX', 'de-AT', 'de-CH', 'it-CH', 'ru-RU', 'uk-UA', 'he-IL', 'hi-IN', 'th-TH', 'vi-VN', 'id-ID',
  'ms-MY', 'bg-BG', 'hr-HR', 'sk-SK', 'sl-SI', 'lt-LT', 'lv-LV', 'et-EE', 'ca-ES', 'eu-ES', 'gl-ES', 'is-IS',
  'ga-IE', 'sr-RS', 'af-ZA', 'sw-KE', 'bn-BD', 'ta-IN', 'ur-PK', 'fa-IR', 'ar-SA', 'ar-EG', 'es-AR', 'es-CO',
  'fr-BE', 'nl-BE', 'en-IE', 'en-NZ', 'en-ZA', 'en-IN', 'zh-HK', 'mt-MT',
]

/** How many items each list of the pagination site holds: more than the default page size of 20. */
const LISTING_SIZE = 23
/** How many sites the workspace list holds at least while its walks run. */
const MIN_SITES = 5
/**
 * How many locales (the default counted) a site must hold before a refused create counts as the
 * target's quota: no document sets one ("Rate limits and other quotas: not shown"), so one is free
 * to the target, but a list of fewer items cannot show its pages end right.
 */
const MIN_LOCALES = 3

/** A list of the pagination site: the ids it holds, and the target's cap when it took fewer than asked. */
export interface Listing {
  site: SiteRef
  ids: string[]
  quota?: number
}

export interface SiteRef {
  id: string
  publicApiKey: string
  defaultLocale: string
  name: string
}

/**
 * The resources checks share, each made once on first use. With writes allowed they are the
 * suite's own (tagged, tracked, deleted at the end); under --read-only they are read from the
 * workspace. A fixture that cannot be made fails every check that needs it, with the reason.
 */
export class Fixtures {
  private readonly memo = new Map<string, Promise<unknown>>()
  private readonly codesUsed = new Map<string, number>()
  /** The run's sites for checks that create locales, the last one first in line, and how many locales each was handed. */
  private readonly localeSites: Array<{ site: Promise<SiteRef>; handed: number }> = []
  /** The ids of those sites, and how many codes they were given in all. */
  private readonly roomSites = new Set<string>()
  private roomCodes = 0
  private pathCount = 0
  private context!: CheckContext

  constructor(private readonly parts: Omit<ContextParts, 'fixtures'>) {}

  /** The context fixtures use for their own requests (attached once, after construction). */
  attach(context: CheckContext): void {
    this.context = context
  }

  get writable(): boolean {
    return !this.parts.options.readOnly && this.parts.options.workspaceId !== undefined
  }

  /** A pathname under the run tag, unique in this run. */
  uniquePath(label: string): string {
    return runPathname(this.parts.tag, `${label}-${++this.pathCount}`)
  }

  /** A locale code the site does not have yet. */
  localeCode(siteId: string): string {
    // The locale sites' codes come from the list's end, one run-wide count: each is the only locale
    // of its code in the run, so a lookup that ignores the site it is given cannot land on its twin.
    if (this.roomSites.has(siteId)) {
      const code = LOCALE_CODES[LOCALE_CODES.length - 1 - this.roomCodes++]
      if (code === undefined) throw new Error('the suite ran out of locale codes for its locale sites')
      return code
    }
    const used = this.codesUsed.get(siteId) ?? 0
    const code = LOCALE_CODES[used]
    if (code === undefined) throw new Error(`the suite ran out of locale codes for site ${siteId}`)
    this.codesUsed.set(siteId, used + 1)
    return code
  }

  /**
   * A resource made once per run under this key, whoever asks first. Its failure is a
   * precondition of every check that asks: reported by the first, a reason to skip for the others.
   */
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let promise = this.memo.get(key) as Promise<T> | undefined
    if (!promise) {
      promise = make().catch((error: unknown) => {
        if (error instanceof CheckFailure) error.precondition ??= `fixture ${key}`
        throw error
      })
      this.memo.set(key, promise)
    }
    return promise
  }

  /** The workspace's sites (first 100), read with the App key. */
  workspaceSites(): Promise<Json[]> {
    return this.once('workspace-sites', async () => {
      const workspaceId = this.parts.options.workspaceId
      if (workspaceId === undefined) this.context.skip('no --workspace-id: the workspace cannot be read')
      const exchange = await this.context.get(SITES, {}, { workspaceId, limit: 100 })
      this.context.expectStatus(exchange, 200, 'listing the workspace sites')
      return this.context.items(exchange)
    })
  }

  /** A site that existed before the run: the one of --site-api-key, else the first that is not the suite's. */
  referenceSite(): Promise<SiteRef | undefined> {
    return this.once('reference-site', async () => {
      if (this.parts.options.workspaceId === undefined) return undefined
      const found = (await this.keySite()) ?? (await this.workspaceSites()).find((site) => !String(site.name).startsWith('contract-'))
      return found ? siteRef(found) : undefined
    })
  }

  /**
   * The site of --site-api-key among the workspace's sites: the one whose publicApiKey it is, else
   * the one it reads. No document says that a site's Site API key is its publicApiKey (a
   * "publishable key ... to fetch page and component data"): a deployment may keep them apart.
   */
  private keySite(): Promise<Json | undefined> {
    return this.once('key-site', async () => {
      const key = this.parts.options.siteApiKey
      if (key === undefined || this.parts.options.workspaceId === undefined) return undefined
      const sites = await this.workspaceSites()
      const named = sites.find((site) => site.publicApiKey === key)
      if (named) return named
      for (const site of sites.filter((entry) => !String(entry.name).startsWith('contract-'))) {
        if ((await this.context.get(SITE, { siteId: idOf(site) }, {}, key)).status === 200) return site
      }
      return undefined
    })
  }

  /**
   * A site of the run with room for `count` more locales, for a check that creates them. A
   * deployment may cap a site's locales ("Rate limits and other quotas: not shown"), at
   * MIN_LOCALES at the least, the default one included: the checks' locales are spread over sites
   * of their own, MIN_LOCALES - 1 at most each, rather than heaped on the sandbox.
   */
  localeRoom(count = 1): Promise<SiteRef> {
    let last = this.localeSites.at(-1)
    if (last === undefined || last.handed + count > MIN_LOCALES - 1) {
      const site = this.createSite(`locales ${this.localeSites.length + 1}`)
      // Known as a locale site before any check that awaits it asks for a code.
      void site.then((made) => this.roomSites.add(made.id), () => undefined)
      last = { site, handed: 0 }
      this.localeSites.push(last)
    }
    last.handed += count
    return last.site
  }

  /** The suite's own site, where checks create what they need. */
  sandbox(): Promise<SiteRef> {
    return this.once('sandbox', () => this.createSite('sandbox'))
  }

  /** A new site of this run, named with the run tag (and more fields, e.g. a tagged hostOrigin). */
  async createSite(label: string, extra: Json = {}): Promise<SiteRef> {
    if (!this.writable) this.context.skip('the suite cannot create a site here')
    const created = await this.context.create(SITES, { workspaceId: this.parts.options.workspaceId, name: runName(this.parts.tag, label), ...extra }, `creating the ${label} site`)
    return siteRef(created)
  }

  /**
   * A site whose hostOrigin carries the run tag too: what probes of a name that cannot carry the
   * tag (none, a number, '') rename or copy, so that the site or its copy keeps the tag in
   * hostOrigin were the target to accept them.
   */
  probeSite(): Promise<SiteRef> {
    return this.once('probe-site', () => this.createSite('probes', { hostOrigin: taggedOrigin(this.parts.tag) }))
  }

  /** The site to read: the sandbox when writing, else the site that was already there. */
  readSite(): Promise<SiteRef> {
    return this.once('read-site', async () => {
      if (this.writable) return this.sandbox()
      const site = await this.referenceSite()
      return site ?? this.context.skip('no site to read: the workspace has none (or no --workspace-id was given)')
    })
  }

  /** Another site than this one: one already in the workspace, else the run's pagination site. */
  async siteOtherThan(siteId: string): Promise<SiteRef> {
    const existing = this.parts.options.workspaceId === undefined ? [] : await this.workspaceSites()
    const found = existing.find((site) => site.id !== siteId && !String(site.name).startsWith(this.parts.tag))
    if (found) return siteRef(found)
    if (this.writable) return this.listingSite()
    return this.context.skip('a second site is needed and the workspace has only one')
  }

  /** A Site API key and its site: --site-api-key, else the sandbox's own key. */
  siteKey(): Promise<{ key: string; site: SiteRef }> {
    return this.once('site-key', async () => {
      const given = await this.keySite()
      // The key as given: it is the site's whether or not it is the site's publicApiKey.
      if (given) return { key: this.parts.options.siteApiKey!, site: siteRef(given) }
      if (this.parts.options.siteApiKey !== undefined) this.context.skip('--site-api-key is not the key of a site among the first 100 of the workspace')
      if (this.writable) {
        const sandbox = await this.sandbox()
        return { key: sandbox.publicApiKey, site: sandbox }
      }
      return this.context.skip('no Site API key: pass --site-api-key (with --workspace-id) or allow writes')
    })
  }

  /** The Site API key when one is at hand; undefined instead of a skip. */
  async optionalSiteKey(): Promise<{ key: string; site: SiteRef } | undefined> {
    try {
      return await this.siteKey()
    } catch (error) {
      if (error instanceof CheckSkip) return undefined
      throw error
    }
  }

  /** One resource of the family in the read site: created when writing, else the first listed. */
  item(family: 'locale' | 'page' | 'route'): Promise<Json> {
    return this.once(`item-${family}`, async () => {
      const site = await this.readSite()
      if (this.writable) return this.createIn(family, site)
      const template = { locale: LOCALES, page: PAGES, route: ROUTES }[family]
      const exchange = await this.context.get(template, {}, { siteId: site.id, limit: 1 })
      this.context.expectStatus(exchange, 200, `listing the ${family}s of site ${site.id}`)
      return this.context.items(exchange)[0] ?? this.context.skip(`site ${site.id} has no ${family} to read`)
    })
  }

  /** Creates a locale, page or route of the run in the site. */
  createIn(family: 'locale' | 'page' | 'route', site: SiteRef, label: string = family): Promise<Json> {
    if (family === 'locale') return this.context.create(LOCALES, { siteId: site.id, locale: this.localeCode(site.id) }, `creating a locale`)
    if (family === 'page') return this.context.create(PAGES, { siteId: site.id, pathname: this.uniquePath(label), name: runName(this.parts.tag, label) }, 'creating a page')
    return this.createRoute(site, label, '[slug]')
  }

  /**
   * A route of the run with a dynamic last segment (`[slug]`, `[...rest]`); a target that refuses
   * the brackets (no document gives a route pathname's format) gets the plain pathname instead.
   */
  createRoute(site: SiteRef, label: string, dynamic: string): Promise<Json> {
    const path = this.uniquePath(label)
    return this.createPlainer(ROUTES, [{ siteId: site.id, pathname: `${path}/${dynamic}` }, { siteId: site.id, pathname: path }], 'creating a route')
  }

  /**
   * Creates with the first body the target takes: a setup does not depend on a choice the
   * documents leave open, so an input it refuses with a 400 is tried again in a plainer form. The
   * last form's refusal is the precondition failure.
   */
  async createPlainer(template: string, bodies: Json[], what: string): Promise<Json> {
    for (const body of bodies.slice(0, -1)) {
      const answer = await this.context.write('POST', template, {}, body)
      if (answer.status === 201) return this.context.json(answer)
      if (answer.status !== 400) break
    }
    return this.context.create(template, bodies[bodies.length - 1]!, what)
  }

  /**
   * Puts a page the target created offline online (the published page update takes isOnline), so
   * that a list that shows only online pages (the default of GET /v6/pages, and whatever
   * GET /v2/sites/{siteId}/pages shows) holds it: no document says whether a new page is online.
   */
  async online(page: Json): Promise<void> {
    if (page.isOnline !== false) return
    const answer = await this.context.write('PATCH', PAGE, { pageIdOrPathname: idOf(page) }, pageUpdate(this.parts.options, page, { isOnline: true }))
    this.context.expectStatus(answer, 200, `putting the new page ${String(page.pathname)} online`)
  }

  /** The run's pagination site: its lists are written by nobody else. */
  listingSite(): Promise<SiteRef> {
    return this.once('listing-site', () => this.createSite('pagination'))
  }

  /** Sites of the run, so that the workspace list holds at least MIN_SITES and a walk takes several pages. */
  listedSites(): Promise<string[]> {
    return this.once('listing-sites', async () => {
      const ids = [(await this.listingSite()).id]
      const existing = await this.context.get(SITES, {}, { workspaceId: this.parts.options.workspaceId, limit: MIN_SITES })
      this.context.expectStatus(existing, 200, 'listing the workspace sites')
      for (let count = this.context.items(existing).length; count < MIN_SITES; count++) ids.push((await this.createSite(`listed ${count}`)).id)
      return ids
    })
  }

  /**
   * The pagination site with LISTING_SIZE items in the family's list, and their ids. A target
   * may cap the locales of a site: `quota` is then how many the site holds (fewer than
   * LISTING_SIZE), as many as it took.
   */
  listed(family: 'locales' | 'pages' | 'routes'): Promise<Listing> {
    return this.once(`listing-${family}`, async () => {
      const site = await this.listingSite()
      const ids: string[] = []
      if (family === 'locales') {
        // A new site already has its default locale.
        const defaults = await this.context.get(LOCALES, {}, { siteId: site.id })
        this.context.expectStatus(defaults, 200, 'listing the locales of a new site')
        appendAll(ids, this.context.items(defaults).map(idOf))
        while (ids.length < LISTING_SIZE) {
          const created = await this.createLocaleUnlessCapped(site, ids.length)
          if (created === undefined) return { site, ids, quota: ids.length }
          ids.push(idOf(created))
        }
        return { site, ids }
      }
      const kind = family === 'pages' ? 'page' : 'route'
      while (ids.length < LISTING_SIZE) {
        const created = await this.createIn(kind, site, `${kind}-${ids.length}`)
        if (kind === 'page') await this.online(created)
        ids.push(idOf(created))
      }
      return { site, ids }
    })
  }

  /**
   * One more locale in the site, or undefined when the target refuses it for a quota: a 400
   * naming `locale` once the site holds MIN_LOCALES. Any other refusal fails the precondition.
   */
  private async createLocaleUnlessCapped(site: SiteRef, held: number): Promise<Json | undefined> {
    const answer = await this.context.write('POST', LOCALES, {}, { siteId: site.id, locale: this.localeCode(site.id) })
    if (answer.status === 400 && held >= MIN_LOCALES && detailFields(answer.body).includes('locale')) return undefined
    try {
      this.context.expectStatus(answer, 201, 'creating a locale')
      const created = this.context.json(answer)
      if (typeof created.id !== 'string') this.context.fail('expected the created resource to have an id, got none: creating a locale', answer)
      return created
    } catch (error) {
      // The same precondition as CheckContext.create's: every check that creates a locale shares it.
      if (error instanceof CheckFailure) error.precondition ??= `POST ${LOCALES} answered ${answer.status}`
      throw error
    }
  }
}

function siteRef(site: Json): SiteRef {
  return { id: idOf(site), publicApiKey: String(site.publicApiKey), defaultLocale: String(site.defaultLocale), name: String(site.name) }
}
