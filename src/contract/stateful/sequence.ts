import { UNSHOWN_ROUTE_OPERATIONS } from '../../freedom/route-operations.js'
import { isUuid } from '../../contracts/uuid.js'
import { resolveChoices, type Choices, type ChoicesByList } from '../../freedom/catalogue.js'
import { documents } from '../judge.js'
import { LOCALE, LOCALE_RESTORE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import type { ContractRequest, Exchange } from '../http-client.js'
import { taggedOrigin, type SiteMarks } from '../tag.js'
import { holdsServiceRules, type CreatedResource, type Profile } from '../types.js'
import type { Command } from './commands.js'
import { COLLATIONS, compareList, comparePageOfWhole, compareValue, compareWholeList, Correspondence, FreeDefaults, inTargetOrder, nameOf, TimeRelations, trialLedger, type Difference, type Ledger, type ListOrder, type ListPage } from './compare.js'
import { DEFAULT_LIMIT, detailFields } from '../exchange-rules.js'
import { publishedOperation, resolvePublished } from '../published.js'
import { sourcesOfClass } from '../class-sources.js'
import type { Source } from '../sources.js'
import { allowedStatuses, compareErrorFreely, compareErrorStrictly, type BrokenRules } from './freedom.js'
import { ORACLE_APP_KEY, Oracle, type Answer, type ExistingSites } from './oracle.js'
import { planCall, type Call, type PlanContext } from './plan.js'
import { Both, onSide, Pools, type Family, type PairedRequest } from './pools.js'
import { refusedFields, type Coverage } from './coverage.js'
import { rebindCall, recordCall, type RecordedCall } from './replay.js'
import { createHolder, inconsistencyOf, type Learned } from './hold.js'
import { Adoptions } from './adoption.js'
import { sitemockChoiceAt } from './sitemock-choices.js'
import { updatedAtDiffersOnRead } from './derived-fields.js'
import { republicationShown } from './publication-times.js'
import { readOnlyPeek, siteKeyWritesClass } from './freedom-classes.js'
import { deletedLocaleBefore, deletedLocaleNamedBefore } from './freedom-lifecycle.js'
import { servedLimit } from './freedom-limit.js'
import { OWN_REACH } from './key-reach.js'
import { clearKeptChildren } from './teardown.js'
import { SEARCH_FIELDS } from '../../freedom/kept-input.js'
import { appendAll } from '../../append.js'

type Json = Record<string, unknown>

/** What a sequence needs of the run: the target, its keys, and where it may write. */
export interface SequenceEnv {
  profile: Profile
  tag: string
  workspaceId: string
  appKey: string
  /** --other-api-key, when given. */
  tenantKey?: string
  /** --site-api-key, when given: a Site key of a site the run did not make. */
  strangerKey?: string
  /** Sends to the target through the suite's client: paced, guarded, every create recorded for cleanup. */
  send(request: ContractRequest): Promise<Exchange>
  phantomId(): string
  /** Tells the suite of a resource learned from a list of a site the run made. */
  adopt(resource: CreatedResource): void
  /** The last site of the target's list that the run did not make (read once per run). */
  siteAnchor(): Promise<string | undefined>
  /** The workspace's sites that the run did not make, for the oracle to start with: its site lists then hold them too, with no anchor (calibration). */
  workspaceSites?: ExistingSites
  /** The names of the workspace's sites that the run's sequences did not make, in lower case (read once per run); left out: none known. */
  workspaceSiteNames?(): Promise<ReadonlySet<string>>
  /** The target's free choices, which the oracle follows (--choices). */
  choices?: Choices
  /** The lists that answer cursors in their own way, which the oracle follows (a choices file's `lists`; calibration's). */
  listChoices?: ChoicesByList
  /** The target's last answer for a site of the run: where its run tag is (the planner keeps it there). */
  siteMarks?(targetId: string): SiteMarks | undefined
  /** What the run learned of the target, kept from one sequence to the next: the rules it takes, and the choices adopted. */
  learned?: Learned
  /**
   * Calibration (`--write-choices`): the two sides only set side by side, nothing compared, so the
   * sequence goes on whatever they answer. With the sitemock profile nothing is adopted either:
   * the oracle answers as a mock following `choices` does by itself.
   */
  sideBySide?: boolean
}

/** One request of a transcript and the two answers. */
export interface Step {
  label: string
  target: Answer
  oracle: Answer
}

export interface Divergence {
  /** The command at fault, by its index in the sequence; -1 for the setup. */
  command: number
  difference: Difference
  exchange: Exchange
}

export interface SequenceResult {
  steps: Step[]
  /** The calls of the sequence as sent, setup included, to replay them exactly. */
  calls: RecordedCall[]
  divergence?: Divergence
  /** Requests where the target chose otherwise than the oracle where the documents leave it free, and the sequence followed it. */
  followed: number
  /**
   * A write the target took where the oracle's rules refuse it, as the documents allow: the oracle
   * cannot follow it, so the sequence ends there, without a divergence.
   */
  cutShort?: Divergence
}

const RESOURCES = new Set(['site', 'locale', 'page', 'route'])
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const asPage = (body: unknown): ListPage | undefined => (isObject(body) && Array.isArray(body.data) ? { data: body.data as Json[], hasMore: body.hasMore } : undefined)

/**
 * Runs one sequence in lockstep: each request goes to the target, then to the oracle, and the
 * answers are compared before the next one. The sequence starts by creating two sites (the own
 * site and another site of the run, whose keys the commands use) and ends by deleting every
 * site it made on the target.
 */
export async function runSequence(env: SequenceEnv, commands: Command[], recorded?: RecordedCall[], coverage?: Coverage): Promise<SequenceResult> {
  // sitemock's rules until the target takes what only they refuse; then the documents' (see perform).
  // A target whose sites' publicApiKey is no Site key (publicApiKeyAsSiteKey: a 401, or a 403 on
  // everything, or on everything but live page reads) is sent --site-api-key as another site's
  // Site key: the oracle holds a site of its own for it.
  const publicKey = env.choices?.publicApiKeyAsSiteKey ?? env.learned?.adoptions?.get('publicApiKeyAsSiteKey')
  const withStranger = env.strangerKey !== undefined && publicKey !== undefined && publicKey !== 'site-key'
  const oracle = new Oracle(env.workspaceId, env.tenantKey, env.profile !== 'sitemock' && env.learned?.documentsRules ? 'documents' : 'sitemock', env.choices, withStranger, env.workspaceSites, env.listChoices)
  const pools = new Pools()
  const ledger: Ledger = { ids: new Correspondence(), times: new TimeRelations(env.profile === 'sitemock'), ...(env.profile === 'sitemock' ? {} : { defaults: new FreeDefaults(), collations: [...COLLATIONS] }) }
  const current = new Map<string, Json>()
  const steps: Step[] = []
  const calls: RecordedCall[] = []
  // The ids made up to name nothing: a replay makes its own in their place.
  const phantoms = new Set<string>()
  const phantomId = (): string => {
    const id = env.phantomId()
    phantoms.add(id)
    return id
  }
  const madeSites: string[] = []
  const workspaceSiteNames = (await env.workspaceSiteNames?.()) ?? new Set<string>()
  const appKey = new Both(env.appKey, ORACLE_APP_KEY)
  const plan: PlanContext = {
    tag: env.tag,
    profile: env.profile,
    workspaceId: env.workspaceId,
    appKey,
    tenantKey: env.tenantKey === undefined ? undefined : new Both(env.tenantKey, oracle.tenantKey),
    ...(env.strangerKey !== undefined && oracle.strangerKey !== undefined ? { foreignKey: new Both(env.strangerKey, oracle.strangerKey) } : {}),
    siteAnchor: commands.some((command) => command.op === 'site.list') || recorded !== undefined ? await env.siteAnchor() : undefined,
    pools,
    current: (id) => current.get(id),
    phantomId,
    coverage,
    siteMarks: env.siteMarks,
    // A resource the oracle no longer finds was deleted: the planner tells its ids from existing ones.
    gone: (oracleId) => {
      const read = readOf(oracleId, pools)
      return read !== undefined && foundNothing(oracle.peek({ ...read, key: ORACLE_APP_KEY }).status)
    },
  }

  const remember = (body: unknown): void => {
    for (const item of asPage(body)?.data ?? [body]) if (isObject(item) && RESOURCES.has(String(item.object)) && typeof item.id === 'string') current.set(item.id, item)
  }

  /** sitemock's own page (--profile sitemock): cut from the oracle's whole list, ties by the target's ids, instants by the oracle's clock. */
  const sitemockPage = (call: Call, answer: Answer): ListPage | undefined => {
    const list = call.list!
    if (list.kind === 'direct') return asPage(answer.body)
    const whole = asPage(oracle.peek(onSide(list.whole, 'oracle')).body)?.data ?? []
    const field = list.sortBy === 'path' ? 'pathname' : list.sortBy
    const tieKey = (item: Json): unknown => (field === 'createdAt' || field === 'updatedAt' ? (ledger.times.targetOf(String(item[field])) ?? item[field]) : item[field])
    const ordered = inTargetOrder(ledger, whole, tieKey)
    const start = list.cursor === undefined ? 0 : ordered.findIndex((item) => item.id === list.cursor) + 1
    return { data: ordered.slice(start, start + list.limit), hasMore: start + list.limit < ordered.length }
  }

  /**
   * The oracle's counterparts of what the target's list of a site's pages holds. The specification
   * names that list only in a pagination example (`/v2/sites/{siteId}/pages` with `limit` and
   * `startingAfter`): which of the site's pages it holds (offline ones, those a filter it may not
   * take would leave out) is the deployment's, and each it holds is one of the site's pages, as
   * the site's draft has it. A key that reads online pages alone (publicApiKeyAsSiteKey
   * online-pages) lists the online ones alone, in the version it asks.
   */
  const sitePagesHeld = (whole: PairedRequest, targetWhole: readonly Json[], live: boolean, onlineOnly = false): Json[] => {
    const siteId = onSide(whole, 'oracle').params?.siteId
    // The versions the list reads: the live ones where its key reads no other (published-pages).
    const versionRef = live ? 'ref:live' : undefined
    // Every page of the site, one whose pathname does not begin with "/" too (the page list's
    // default prefix is "/"): an empty prefix, where the oracle's rules take one.
    const read = (pathPrefix?: string): Answer => oracle.peek({ method: 'GET', template: PAGES, query: { siteId, includeOffline: 'true', limit: 100, versionRef, pathPrefix }, key: ORACLE_APP_KEY })
    const everyPrefix = read('')
    const all = asPage((everyPrefix.status === 200 ? everyPrefix : read()).body)?.data ?? []
    const ids = new Set(targetWhole.map((item) => String(item.id)))
    const names = new Set(targetWhole.map(nameOf))
    return all.filter((item) => {
      if (onlineOnly && item.isOnline !== true) return false
      const known = ledger.ids.target(String(item.id))
      return known === undefined ? names.has(nameOf(item)) : ids.has(known)
    })
  }

  /**
   * What the oracle holds of the target's whole list. A site's page list holds the site's pages
   * as its draft has them, or, where it takes versionRef as GET /v6/pages does (sitePagesQuery)
   * and is asked for live ones, as they are live: the reading that fits, tried apart first.
   */
  const oracleListOf = (call: Call, whole: PairedRequest, targetWhole: Json[], keyReads: KeyReads, oracleWhole: Json[], order: ListOrder): Json[] => {
    if (call.request.template !== SITE_PAGES || env.profile === 'sitemock') return oracleWhole
    const publishedOnly = keyReads === 'published-pages'
    // A key that reads online pages alone reads the version it asks, as GET /v6/pages reads it; the
    // offline ones too where it reads them (publicApiKeyOfflinePages read).
    if (keyReads === 'online-pages') return sitePagesHeld(whole, targetWhole, whole.query?.versionRef === 'ref:live', oracle.chosen?.publicApiKeyOfflinePages !== 'read')
    const drafts = sitePagesHeld(whole, targetWhole, publishedOnly)
    if (publishedOnly || whole.query?.versionRef !== 'ref:live') return drafts
    const live = sitePagesHeld(whole, targetWhole, true)
    return compareWholeList(trialLedger(ledger), targetWhole, drafts, order, nameOf) !== undefined && compareWholeList(trialLedger(ledger), targetWhole, live, order, nameOf) === undefined ? live : drafts
  }

  /**
   * Whether the target's live list, asked for offline pages too, is the oracle's without the live
   * versions that went offline: a deployment that withdraws them (offlineLiveVersion, which no
   * choice recorded for the run settles) where the oracle keeps them, as sitemock does.
   */
  const withdrawsOfflineLive = (whole: PairedRequest, targetWhole: Json[], held: Json[], order: ListOrder): boolean => {
    if (whole.query?.versionRef !== 'ref:live' || whole.query.includeOffline !== 'true' || env.choices?.offlineLiveVersion !== undefined || oracle.chosen?.offlineLiveVersion === 'withdrawn') return false
    const online = held.filter((item) => item.isOnline !== false)
    return online.length < held.length && compareWholeList(trialLedger(ledger), targetWhole, online, order, nameOf) === undefined
  }

  /**
   * How the target's whole list, asked for offline pages too with a key for online pages, shows the
   * offline pages met, where the oracle holds the other of the two alternatives that answer a list
   * (publicApiKeyOfflinePages): it lists offline pages (read) where the oracle hides them, or
   * leaves out those the App key lists (hidden) where the oracle reads them. A page of such a list
   * may show neither: no offline page in it, or a cursor whose place the order leaves free.
   */
  const offlineReadOfWhole = (whole: PairedRequest, targetWhole: readonly Json[]): 'hidden' | 'read' | undefined => {
    if (whole.query?.includeOffline !== 'true') return undefined
    const held = oracle.chosen?.publicApiKeyOfflinePages
    const shown = targetWhole.some((item) => item.isOnline === false)
    if (held === 'hidden' && shown) return 'read'
    if (held !== 'read' || shown) return undefined
    const asApp = asPage(oracle.peek({ ...onSide(whole, 'oracle'), key: ORACLE_APP_KEY }).body)?.data ?? []
    return asApp.some((item) => item.isOnline === false) ? 'hidden' : undefined
  }

  /**
   * A page under the contract's freedom: the target's whole list (read with the same filters)
   * holds the oracle's items, in an order its sort allows by the target's own values and instants;
   * the page is the part of that list after the cursor.
   */
  const freePage = async (call: Call, page: ListPage): Promise<Difference | undefined> => {
    // A publicApiKey held by its own reach (key-reach.ts): what a list it reads shows is the key's.
    if (runSiteKey(call) && env.learned?.adoptions?.get('publicApiKeyAsSiteKey') === OWN_REACH) return undefined
    const list = call.list!
    const sorted: PairedRequest = list.kind === 'sorted' ? list.whole : { ...call.request, query: { ...call.request.query, limit: 100, startingAfter: undefined } }
    // A publicApiKey that reads published pages alone (publicApiKeyAsSiteKey published-pages) reads
    // the live versions of its own list, and one for rendering its site (online-pages) its online
    // pages alone: the whole list is read with it, not the App key's.
    const keyReads = keyReadsOf(call)
    const whole: PairedRequest = keyReads !== undefined ? { ...sorted, key: call.request.key } : sorted
    const oracleWhole = asPage(oracle.peek(onSide(whole, 'oracle')).body)?.data ?? []
    const read = await env.send(onSide(whole, 'target'))
    ledger.times.during(read.timing)
    steps.push({ label: `reading the whole list to judge the page of ${call.label}`, target: { request: read.request, status: read.status, body: read.body }, oracle: { request: read.request, status: 200, body: { object: 'list', data: oracleWhole } } })
    const read200 = read.status === 200 ? asPage(read.body)?.data : undefined
    if (!read200) return { aspect: 'status', message: `reading the whole list answered ${read.status}, expected 200` }
    // The pages a prefix takes in another case alone (pathPrefixCase any-case): adopted, and left out of both sides' lists.
    // A site's page list holds what it holds of the site's pages (sitePagesHeld): no case is read there.
    const prefix = call.request.template === SITE_PAGES ? undefined : whole.query?.pathPrefix
    const otherCase = inPrefixOtherCase(read200, prefix)
    const oracleOtherCase = inPrefixOtherCase(oracleWhole, prefix)
    if (otherCase.size > 0 && env.learned) {
      const found = (env.learned.adoptions ??= new Adoptions()).see('pathPrefixCase', 'any-case', `${call.label} (its whole list)`)
      if (found) return inconsistencyOf(found)
    }
    const targetWhole = otherCase.size > 0 ? read200.filter((item) => !otherCase.has(item.id)) : read200
    // The oracle following a learned any-case takes them in too: they are left out of its list alike.
    // The sorts are documented for GET /v6/pages alone: a site's page list is only named by its path
    // in a pagination example, so the order it answers in is the deployment's (sitePagesQuery).
    const order: ListOrder = list.kind === 'sorted' && call.request.template !== SITE_PAGES ? { field: list.sortBy === 'path' ? 'pathname' : list.sortBy, descending: call.request.query?.sortDirection === 'desc' } : { descending: false }
    const held = oracleListOf(call, whole, targetWhole, keyReads, otherCase.size > 0 ? oracleWhole.filter((item) => !oracleOtherCase.has(item.id)) : oracleWhole, order)
    const wrong = compareWholeList(ledger, targetWhole, held, order, nameOf)
    const offlinePages = wrong && keyReads === 'online-pages' ? offlineReadOfWhole(whole, targetWhole) : undefined
    if (offlinePages !== undefined && env.learned) {
      // A key for online pages whose page told nothing of how it meets the offline ones (publicApiKeyOfflinePages): its whole list
      // tells, the choice is adopted, and the oracle takes it on and holds the list again.
      const found = (env.learned.adoptions ??= new Adoptions()).see('publicApiKeyOfflinePages', offlinePages, `${call.label} (its whole list)`)
      if (found) return inconsistencyOf(found)
      oracle.choose({ ...oracle.chosen, publicApiKeyOfflinePages: offlinePages })
      const again = asPage(oracle.peek(onSide(whole, 'oracle')).body)?.data ?? []
      const taken = compareWholeList(ledger, targetWhole, oracleListOf(call, whole, targetWhole, keyReads, otherCase.size > 0 ? again.filter((item) => !oracleOtherCase.has(item.id)) : again, order), order, nameOf)
      if (taken) return taken
    } else if (wrong && withdrawsOfflineLive(whole, targetWhole, held, order) && env.learned) {
      // A live list without the live versions that went offline (offlineLiveVersion withdrawn): adopted, and the oracle withdraws them from now on.
      const found = (env.learned.adoptions ??= new Adoptions()).see('offlineLiveVersion', 'withdrawn', `${call.label} (its whole list)`)
      if (found) return inconsistencyOf(found)
      oracle.choose({ ...oracle.chosen, offlineLiveVersion: 'withdrawn' })
      const online = compareWholeList(ledger, targetWhole, held.filter((item) => item.isOnline !== false), order, nameOf)
      if (online) return online
    } else if (wrong) return wrong
    const cursor = call.request.query?.startingAfter
    // A cursor that names nothing either side made: what its page holds is its class of freedom's (freedom-classes.ts).
    if (cursor !== undefined && !(cursor instanceof Both)) return undefined
    // limit=0 is served as 1, or as the default page, where the oracle follows limitZero clamped or default (the probes', or adopted).
    const limit = servedLimit(list.kind === 'sorted' ? list.limit : Number(call.request.query?.limit ?? DEFAULT_LIMIT), oracle.chosen?.limitZero, DEFAULT_LIMIT)
    // The page is a cut of the target's own list, the pages in another case included.
    return comparePageOfWhole(page, read200, cursor instanceof Both ? cursor.target : undefined, limit, nameOf)
  }

  /** Whether the request gives the site's default locale another code, as the oracle's state has it. */
  const renamesDefaultLocale = (request: PairedRequest): boolean => {
    if (request.method !== 'PATCH' || request.template !== LOCALE || !isObject(request.body) || typeof request.body.locale !== 'string') return false
    const locale = oracle.peek({ ...onSide({ ...request, method: 'GET', body: undefined }, 'oracle'), key: ORACLE_APP_KEY })
    return locale.status === 200 && isObject(locale.body) && locale.body.isDefault === true && locale.body.locale !== request.body.locale
  }

  /** Whether the request deletes a site's default locale, as the oracle's state has it. */
  const deletesDefaultLocale = (request: PairedRequest): boolean => {
    if (request.method !== 'DELETE' || request.template !== LOCALE) return false
    const locale = oracle.peek({ ...onSide({ ...request, method: 'GET' }, 'oracle'), key: ORACLE_APP_KEY })
    return locale.status === 200 && isObject(locale.body) && locale.body.isDefault === true
  }

  /** Whether the page a read names is offline in the oracle's live version, as its App key reads it. */
  const offlineInOracle = (request: PairedRequest): boolean => {
    const read = oracle.peek({ ...onSide(request, 'oracle'), key: ORACLE_APP_KEY })
    return read.status === 200 && isObject(read.body) && read.body.isOnline === false
  }

  /** Whether the oracle, having taken the request, gave its site's default locale the code sent. */
  const renamedDefaultLocale = (request: PairedRequest, answer: Answer): boolean =>
    request.method === 'PATCH' && request.template === LOCALE && isObject(request.body) && typeof request.body.locale === 'string' && isObject(answer.body) && answer.body.isDefault === true

  /** Whether the path names its resource by id: a siteId beside it is siteIdBesideId's. */
  const namedById = (request: PairedRequest): boolean => Object.values(request.params ?? {}).some((value) => value instanceof Both)

  /** Whether a siteId (of the oracle's side) names no site the oracle holds. */
  const namesNoSite = (siteId: unknown): boolean => typeof siteId === 'string' && isUuid(siteId) && oracle.peek({ method: 'GET', template: SITE, params: { siteId }, key: ORACLE_APP_KEY }).status === 404

  /** Whether the request names a resource by its id and sends a siteId beside it that names no site. */
  const siteIdNamesNothing = (request: PairedRequest): boolean => namedById(request) && namesNoSite(request.query?.siteId)

  /**
   * Whether a siteId beside an id names no site, where the key does not read what the id names
   * without it: an invalid value then, as an id naming nothing elsewhere in the query is. Where the
   * key reads it, what a deployment does with such a siteId is siteIdBesideId's to read.
   */
  const siteIdOfNothingUnread = (call: Call): boolean => {
    if (!siteIdNamesNothing(call.request)) return false
    const probe = existenceProbe(call.request)
    if (probe === undefined) return false
    const read = onSide(probe, 'oracle')
    const key = call.request.key === null ? null : call.request.key.oracle
    return oracle.peek({ ...read, query: { ...read.query, siteId: undefined }, key }).status !== 200
  }

  /**
   * Whether the query or the body names by its siteId a site the oracle does not hold (one the
   * sequence deleted, say): the site is missing, and the value invalid as well, as an id that
   * never named a site is (unknownReference): a deployment may answer either.
   */
  const siteReferenceGone = (request: PairedRequest): boolean => {
    const sent = onSide(request, 'oracle')
    return namesNoSite(sent.query?.siteId ?? (isObject(sent.body) ? sent.body.siteId : undefined))
  }

  /**
   * Whether a page or route write sends a pathname that, in the oracle's state, a resource of the
   * other family holds in the same site: possible only after a write whose clash was let through
   * (skipValidationConflicts). A deployment that checks the pathname again, even a page's own,
   * answers the documents' 409 for it: "a page or route with this pathname already exists".
   */
  const pathnameHeldByOther = (request: PairedRequest): boolean => {
    const pathname = isObject(request.body) ? request.body.pathname : undefined
    const site = siteOf(request, pools)
    if (typeof pathname !== 'string' || site === undefined || !['POST', 'PATCH'].includes(request.method)) return false
    const other: { template: string; params: Record<string, string> } | undefined =
      request.template === PAGE || request.template === PAGES ? { template: ROUTE, params: { routeIdOrPathname: pathname } } : request.template === ROUTE || request.template === ROUTES ? { template: PAGE, params: { pageIdOrPathname: pathname } } : undefined
    return other !== undefined && oracle.peek({ method: 'GET', ...other, query: { siteId: site }, key: ORACLE_APP_KEY }).status === 200
  }

  /**
   * The oracle's request for the resource the target's answer is, where the request named it by a
   * pathname another resource of its family holds too in the oracle (a clash a write let through
   * under skipValidationConflicts): undefined where the answer is the one the oracle found, or no
   * resource of that pathname.
   */
  const otherOfSharedPathname = (call: Call, target: Exchange): ContractRequest | undefined => {
    const { request } = call
    const name = request.template === ROUTE ? 'routeIdOrPathname' : request.template === PAGE ? 'pageIdOrPathname' : undefined
    const pathname = name === undefined ? undefined : request.params?.[name]
    if (name === undefined || typeof pathname !== 'string' || !pathname.startsWith('/') || target.status >= 300 || !isObject(target.body) || typeof target.body.id !== 'string') return undefined
    const id = ledger.ids.oracle(target.body.id)
    if (id === undefined) return undefined
    const named = oracle.peek({ method: 'GET', template: request.template, params: { [name]: id }, key: ORACLE_APP_KEY })
    if (named.status !== 200 || !isObject(named.body) || named.body.pathname !== pathname) return undefined
    const asked = onSide(request, 'oracle')
    return { ...asked, params: { ...asked.params, [name]: id } }
  }

  /**
   * A write to a site's default locale (a new code, a delete): whether a deployment takes it, and
   * which error refuses it, no document says. A refusal may call it invalid (400), or a write no
   * key has permission for (403).
   */
  const touchesDefaultLocale = (request: PairedRequest): boolean => renamesDefaultLocale(request) || deletesDefaultLocale(request)

  /** What the call's key reads of its own lists, where it is a run site's publicApiKey that reads published pages alone or online pages alone (publicApiKeyAsSiteKey). */
  const keyReadsOf = (call: Call): KeyReads => {
    const chosen = runSiteKey(call) ? (env.choices?.publicApiKeyAsSiteKey ?? env.learned?.adoptions?.get('publicApiKeyAsSiteKey')) : undefined
    return chosen === 'published-pages' || chosen === 'online-pages' ? chosen : undefined
  }
  /** Whether the call's key is a run site's publicApiKey that reads published pages alone (publicApiKeyAsSiteKey published-pages). */
  const readsPublishedOnly = (call: Call): boolean => keyReadsOf(call) === 'published-pages'

  /** The fields of a planned call that the choices the oracle follows refuse (none: what it refused with a 400 is a state). */
  const refusedOnOracleSide = (call: Call): readonly string[] => {
    if (call.input === undefined) return call.broken ?? []
    const sent = onSide(call.request, 'oracle')
    return refusedFields(call.input.op, sent.template, { params: sent.params, query: sent.query, body: sent.body }, resolveChoices(oracle.chosen))
  }

  /** The rules a refused request breaks, asked of the oracle's state by reads that take no instant. */
  const brokenRules = (call: Call, answer: Answer, target?: Exchange): BrokenRules => {
    const { request } = call
    const key = request.key === null ? null : request.key.oracle
    const byApp = key === ORACLE_APP_KEY
    const probe = existenceProbe(request, readsPublishedOnly(call))
    // Its site gone from the query or the body is missing too, though the oracle refuses it as a value naming nothing (unknownSiteReference invalid).
    const missing = (probe !== undefined && foundNothing(oracle.peek({ ...onSide(probe, 'oracle'), key: ORACLE_APP_KEY }).status)) || (!namedById(request) && siteReferenceGone(request))
    const site = siteOf(request, pools)
    const workspace = request.template === SITES ? (request.body as Json | undefined)?.workspaceId ?? request.query?.workspaceId : undefined
    const foreignWorkspace = workspace !== undefined && workspace !== env.workspaceId
    // A path id or name that can name nothing: the oracle's 400 names it, where a deployment may say 404 (the specification's 400 is for bodies and queries).
    const params: Record<string, unknown> = request.params ?? {}
    const malformedPath = answer.status === 400 && detailFields(answer.body).some((field) => field in params)
    // One longer than sitemock's limit is only long (the documents set no limit): it may name a page or route, whose write may collide.
    const longPath = Object.values(params).some((value) => typeof value === 'string' && value.length > PATHNAME_LIMIT)
    // Restoring a locale that is not deleted: nothing deleted to restore (404), a conflict with the live one (409), or an invalid request (400).
    const restoreLive = request.template === LOCALE_RESTORE && probe !== undefined && oracle.peek({ ...onSide(probe, 'oracle'), key: ORACLE_APP_KEY }).status === 200
    const forbidden =
      (site !== undefined && oracle.peek({ method: 'GET', template: SITE, params: { siteId: site }, key }).status === 403) ||
      (request.template === SITES && !byApp) ||
      // A key other than the App key asking for what names nothing may learn it is forbidden rather than missing (accessOrder).
      ((missing || foreignWorkspace || malformedPath || restoreLive) && !byApp) ||
      // A Site key's writes may be refused (siteKeyWrites), unless the target was seen to take them.
      (siteKeyWrite(call) && learned.adoptions?.get(siteKeyWritesClass(request.template)) !== 'allowed') ||
      // A Site key has no permission outside its own site (here, or a site the request fails to name), whatever else the request breaks.
      pools.sites.some((entry) => entry.key.oracle === key && entry.id.oracle !== site) ||
      // A workspace the key does not reach (or that does not exist): forbidden, or missing, either says the truth.
      foreignWorkspace ||
      // A write to the site's default locale, which no key may be permitted.
      touchesDefaultLocale(request)
    // A locale the site does not have makes the request invalid for a deployment that checks it first.
    const locale = request.query?.locale
    // A page read in a locale the site lacks breaks no rule where the deployment reads it in its default locale (pageReadUnknownLocale).
    const readsAsDefault = request.template === PAGE && (env.choices?.pageReadUnknownLocale ?? learned.adoptions?.get('pageReadUnknownLocale')) === 'default'
    const unknownLocale = !readsAsDefault && typeof locale === 'string' && site !== undefined && oracle.peek({ method: 'GET', template: LOCALE, params: { localeIdOrCode: locale }, query: { siteId: site }, key: ORACLE_APP_KEY }).status !== 200
    // A deployment that answers a locale its site does not have with 404 (pageUnknownLocale) may find that first, unless it was learned to answer otherwise.
    const pageUnknownLocale = env.choices?.pageUnknownLocale
    // A page read in such a locale is its own case: what a deployment lists for it says nothing of the read.
    const missingLocale = unknownLocale && (request.template === PAGE || (pageUnknownLocale !== '400' && pageUnknownLocale !== 'empty-list'))
    // A cursor that names no item of the list may be answered as missing (unknownCursor,
    // cursorOutsideList), whichever of the request's other rules a deployment judges first.
    const strayCursor = (call.input?.classes.startingAfter ?? []).some((kind) => STRAY_CURSORS.has(kind))
    // An id in the body or the query that names nothing (a workspace, a site): the resource is
    // missing, and the value is invalid as well ("invalid request body or query parameters"): a
    // deployment may answer either. (A path's is the path's; a cursor's is its class of freedom's; a
    // siteId beside an id in the path is siteIdBesideId's.)
    const named = Object.keys(request.params ?? {}).length > 0
    const unknownReference =
      Object.entries(call.input?.classes ?? {}).some(([field, kinds]) => field !== 'startingAfter' && !(field in (request.params ?? {})) && !(named && field === 'siteId') && kinds.includes('unknown')) || (!namedById(request) && siteReferenceGone(request))
    const queried = Object.entries(request.query ?? {}).filter(([, value]) => value !== undefined).map(([name]) => name)
    // The query or the body as a whole too, which a deployment refusing it whole may name (a query string too long, say).
    const sent = [...Object.keys(request.params ?? {}), ...queried, ...(queried.length > 0 ? ['query'] : []), ...(isObject(request.body) ? [...Object.keys(request.body), 'body'] : [])]
    // A new code for a site's default locale, which a deployment may refuse (renameDefaultLocale) before it looks for a holder of the code.
    const renamesDefault = renamesDefaultLocale(request) && env.choices?.renameDefaultLocale !== 'follows'
    // An update that leaves out the pathname a deployment requires in every one breaks that rule too.
    const pathnameLeftOut = emptyPageUpdate(request) || (env.choices?.emptyPageUpdate === 'pathname-required' && missingPathname(request))
    // A live read of a page that went offline: its live version may be withdrawn (offlineLiveVersion), unless the run saw it kept.
    // A route operation no document shows, where the target serves them elsewhere (routeOperations): answered as a path it lacks.
    const unservedRoute = UNSHOWN_ROUTE_OPERATIONS.has(`${request.method} ${request.template}`) && (env.choices?.routeOperations ?? learned.adoptions?.get('routeOperations')) === 'elsewhere'
    const liveOffline = request.method === 'GET' && request.template === PAGE && request.query?.versionRef === 'ref:live' && (env.choices?.offlineLiveVersion ?? learned.adoptions?.get('offlineLiveVersion')) !== 'kept' && offlineInOracle(request)
    // A page offline in its draft read with a key that does not see offline pages (publicApiKeyOfflinePages hidden): missing to it, whatever else the read breaks.
    const hiddenOffline = request.method === 'GET' && request.template === PAGE && runSiteKey(call) && (env.choices?.publicApiKeyOfflinePages ?? learned.adoptions?.get('publicApiKeyOfflinePages')) === 'hidden' && offlineInOracle({ ...request, query: {} })
    return {
      unauthenticated: answer.status === 401,
      noOperation: Object.entries(params).some(([name, value]) => typeof value === 'string' && !isUuid(value) && (name === 'siteId' || ((name === 'pageIdOrPathname' || name === 'routeIdOrPathname') && !value.startsWith('/')))),
      unservedRoute,
      keyRefused: unservedRoute && (key === null || (pools.sites[0] !== undefined && oracle.peek({ method: 'GET', template: SITE, params: { siteId: pools.sites[0].id.oracle }, key }).status === 401)),
      forbidden,
      // A siteId beside an id that names no site: missing too, for a deployment that looks it up first;
      // and an id in the body or the query that names nothing, whichever the oracle answered (unknownSiteReference).
      missing: missing || foreignWorkspace || malformedPath || restoreLive || missingLocale || strayCursor || siteIdNamesNothing(request) || liveOffline || hiddenOffline || unknownReference,
      // A field the target refuses where the documents let it (a stricter choice) makes the request invalid for it.
      // Restoring a live locale may be refused as invalid too (restoreLiveLocale 400).
      invalid: answer.status === 400 || (call.broken?.length ?? 0) > 0 || unknownLocale || unknownReference || siteIdOfNothingUnread(call) || pathnameLeftOut || renamesDefault || restoreLive || (target !== undefined && target.status === 400 && detailFields(target.body).map(rootOf).some((field) => freeFieldsOf(call).has(field) || refusableStrictly(request, field))),
      // A field the request left out (a required one) is broken without being sent.
      brokenFields: [...sent, ...(call.broken ?? []), ...(pathnameLeftOut ? ['pathname'] : [])],
      // Broken only where sitemock's own choices refuse (a code in another case, which the oracle's choices take): the state it then meets is refused.
      // A restore of a live locale refused as invalid refuses the locale's state: no field of the request is invalid either.
      stateRefused: (answer.status === 400 && !pathnameLeftOut && !unknownReference && refusedOnOracleSide(call).length === 0) || restoreLive,
      mayConflict: request.method === 'POST' || request.method === 'PATCH',
      ...(longPath && request.method === 'PATCH' ? { collidesIfFound: true } : {}),
    }
  }

  /** The target's latest answer for each page, by its target id: what an update that changes nothing must leave. */
  const targetPages = new Map<string, Json>()
  /** The target's answer for each page of the current step before that step, by its target id: what the step changed of it (onlineRepublish). */
  const targetPagesBefore = new Map<string, Json | undefined>()
  /**
   * An update that changes nothing, as the target answered the page before it: an empty one, or
   * one whose every field the page already had (its pathname sent again) or the deployment ignores
   * (pageUpdateSearchFields). Whether such an update
   * moves updatedAt, no document says (`emptyPatchUpdatedAt`).
   */
  const keptUpdatedAt = (call: Call, target: Exchange, answer: Answer): boolean => {
    const { request } = call
    if (request.method !== 'PATCH' || request.template !== PAGE || target.status !== 200 || answer.status !== 200) return false
    if (!isObject(request.body) || !isObject(target.body)) return false
    const before = targetPages.get(String(target.body.id))
    if (before === undefined || before.updatedAt !== target.body.updatedAt) return false
    // A value the page has, as sent or in the form the target stores it (a trailing slash dropped, say).
    const has = (field: string, value: unknown): boolean => field in before && [value, typeof value === 'string' ? env.learned?.forms?.formOf(`page.${field}`, value) : undefined].some((form) => form !== undefined && JSON.stringify(before[field]) === JSON.stringify(form))
    // A field the page does not show (its name): unchanged where the last request the target took set it to this value.
    const sent = sentToPages.get(String(target.body.id))
    const resent = (field: string, value: unknown): boolean => !(field in before) && sent !== undefined && field in sent && JSON.stringify(sent[field]) === JSON.stringify(value)
    return Object.entries(request.body).every(([field, value]) => has(field, value) || resent(field, value) || ignoredField(field))
  }
  /** What the creates and updates the target took set on each page, by its target id. */
  const sentToPages = new Map<string, Json>()
  const rememberSent = ({ request }: Call, target: Exchange): void => {
    const took = (request.method === 'POST' && request.template === PAGES && target.status === 201) || (request.method === 'PATCH' && request.template === PAGE && target.status === 200)
    if (!took || !isObject(request.body) || !isObject(target.body) || typeof target.body.id !== 'string') return
    sentToPages.set(target.body.id, { ...sentToPages.get(target.body.id), ...request.body })
  }
  /** The oracle ids of the sites where the target renamed a locale's code: a later read of their pages may show the rename touched them (localeRenameTouchesPages). */
  const renamedLocaleSites = new Set<string>()
  const rememberLocaleRename = ({ request }: Call, target: Exchange): void => {
    const site = siteOf(request, pools)
    if (request.method === 'PATCH' && request.template === LOCALE && target.status === 200 && isObject(request.body) && typeof request.body.locale === 'string' && site !== undefined) renamedLocaleSites.add(site)
  }
  /** Under --profile sitemock, a read of pages whose updatedAt differs after a rename of a locale of their site: the rename touched them at one side alone. */
  const touchedByLocaleRename = (call: Call, difference: Difference): boolean => {
    const site = siteOf(call.request, pools)
    return site !== undefined && renamedLocaleSites.has(site) && updatedAtDiffersOnRead(onSide(call.request, 'oracle'), difference)
  }
  /**
   * Under --profile sitemock, `isOnline: true` sent to a page already online that the target
   * published again where the oracle did not, or the other way round (onlineRepublish), by the
   * sign the holder adopts it by; only where the oracle publishes a page as it goes online.
   */
  const republishedOtherwise = (call: Call, target: Exchange, answer: Answer): boolean => {
    if (oracle.chosen?.pagePublishing !== 'going-online' || !isObject(target.body)) return false
    const shown = republicationShown(oracle, onSide(call.request, 'oracle'), answer, target.body, targetPagesBefore.get(String(target.body.id)))
    return shown !== undefined && shown !== (oracle.chosen.onlineRepublish ?? 'unchanged')
  }
  /** A page update's field the deployment ignores (pageUpdateSearchFields), as learned: it changes nothing. */
  const ignoredField = (field: string): boolean => env.choices?.pageUpdateSearchFields === 'ignored' && (SEARCH_FIELDS as readonly string[]).includes(field)
  /** The oracle's latest answer for each page, by its oracle id: whether its step changed the page at all. */
  const oraclePages = new Map<string, Json>()
  /**
   * A page update the oracle took as changing nothing (every field it sent ignored, as the learned
   * `pageUpdateSearchFields` says, with `emptyPatchUpdatedAt` unchanged) while the target's
   * updatedAt moved: whether such an update is one, no document says, so the oracle's page is
   * touched instead (its own pathname sent again), as the target's was.
   */
  const touchedUpdatedAt = (call: Call, target: Exchange, answer: Answer): boolean => {
    if (call.request.method !== 'PATCH' || call.request.template !== PAGE || target.status !== 200 || answer.status !== 200) return false
    if (!isObject(target.body) || !isObject(answer.body)) return false
    const theirs = targetPages.get(String(target.body.id))
    const ours = oraclePages.get(String(answer.body.id))
    const unchanged = ours !== undefined && Object.entries(answer.body).every(([field, value]) => JSON.stringify(ours[field]) === JSON.stringify(value))
    // Its earlier answer may be a list item or a copy's, so the request tells too: only fields the learned choices ignore.
    if (!unchanged && !sentOnlyIgnored(call.request)) return false
    // Moved now, or within the same whole second as before (clockPrecision), where the oracle's page never was touched.
    return (theirs !== undefined && theirs.updatedAt !== target.body.updatedAt) || (answer.body.updatedAt === null && target.body.updatedAt !== null)
  }
  /** A page update whose every field the deployment ignores (pageUpdateSearchFields), as learned: the oracle's page stays as it was. */
  const sentOnlyIgnored = (request: Call['request']): boolean => {
    const fields = isObject(request.body) ? Object.keys(request.body) : []
    return fields.length > 0 && fields.every(ignoredField)
  }
  /** The oracle's answer, its page touched where the target's update moved updatedAt and the oracle's changed nothing. */
  const touchLike = (call: Call, target: Exchange, answer: Answer): Answer => {
    if (env.profile === 'sitemock' || !touchedUpdatedAt(call, target, answer)) return answer
    followed++
    return oracle.replaceLast({ ...onSide(call.request, 'oracle'), body: { pathname: (answer.body as Json).pathname } })
  }
  /** Whether the request's key is the Site key of the site it is about. */
  const ownSiteKey = (call: Call): boolean => {
    const key = call.request.key
    const site = siteOf(call.request, pools)
    return key !== null && site !== undefined && pools.sites.some((entry) => entry.id.oracle === site && entry.key.oracle === key.oracle)
  }
  /** Whether the request's key is the Site key of any site of the sequence. */
  const runSiteKey = (call: Call): boolean => {
    const key = call.request.key
    return key !== null && pools.sites.some((entry) => entry.key.oracle === key.oracle)
  }
  /** A write with the Site key of any site: refused by a deployment whose Site keys only read. */
  const siteKeyWrite = (call: Call): boolean => {
    const key = call.request.key?.oracle
    if (call.request.method === 'GET' || key === undefined) return false
    // --site-api-key is a Site key too, sent as another site's where the publicApiKey is none (withStranger).
    return pools.sites.some((entry) => entry.key.oracle === key) || (key === oracle.tenantKey && !key.startsWith('sk_')) || key === oracle.strangerKey
  }
  /**
   * The locales, pages and routes that still existed when the oracle deleted their site, by oracle
   * id: what the target does with them is the class siteDeleteChildren's (freedom-classes.ts).
   */
  const orphans = new Map<string, Family>()
  /** The domains of the orphaned locales, read before their site's delete. */
  const orphanDomains: string[] = []
  const domainOf = (localeId: string): unknown => {
    const read = oracle.peek({ method: 'GET', template: LOCALE, params: { localeIdOrCode: localeId }, key: ORACLE_APP_KEY })
    return isObject(read.body) ? read.body.domain : undefined
  }
  const orphanOf = (call: Call): Family | undefined => {
    for (const value of Object.values(call.request.params ?? {})) if (value instanceof Both && orphans.has(value.oracle)) return orphans.get(value.oracle)
    return undefined
  }
  /** The site's children the oracle still holds, before its delete is sent. */
  const childrenOf = (call: Call): Array<[string, Family]> => {
    const site = call.request.params?.siteId
    if (call.request.method !== 'DELETE' || call.request.template !== SITE || !(site instanceof Both)) return []
    return (['locale', 'page', 'route'] as const).flatMap((family) =>
      pools.children[family]
        .filter((child) => pools.sites[child.site]?.id.oracle === site.oracle && plan.gone?.(child.id.oracle) === false)
        .map((child): [string, Family] => [child.id.oracle, family]),
    )
  }
  const learned: Learned = env.learned ?? {}
  const hold = createHolder({ oracle, learned, compare: (call, target, answer) => compare(call, target, answer), compareBody: (target, expected) => compareValue(ledger, target, expected, ''), ownSiteKey, runSiteKey, siteOf: (call) => siteOf(call.request, pools), sites: () => pools.sites.map((site) => site.id.oracle), orphanOf, orphanDomains: () => [...orphanDomains, ...(env.learned?.earlierDomains ?? [])], workspaceSiteNames, targetOf: (id) => ledger.ids.target(id), targetPageBefore: (id) => targetPagesBefore.get(id) })
  let followed = 0
  let cutShort: Divergence | undefined
  /**
   * Whether the target and the oracle part on taking or refusing a request only where the
   * documents leave it free: the target `refused` with a 400 what the oracle took (a field it names
   * is of a class that is sitemock's choice, or sitemock's own rules refuse the request too), or
   * took what the oracle refused with a 400 naming only fields of such classes (`taken`).
   */
  const freeDisagreement = (call: Call, target: Exchange, answer: Answer): 'refused' | 'taken' | undefined => {
    const freeFields = freeFieldsOf(call)
    if ((target.status === 400 || target.status === 403) && answer.status < 300 && (touchesDefaultLocale(call.request) || renamedDefaultLocale(call.request, answer))) return 'refused'
    if (target.status === 409 && answer.status < 300 && pathnameHeldByOther(call.request)) return 'refused'
    // A siteId beside an id that names no site at all: one that ignores a siteId naming another site may still look it up.
    if ((target.status === 404 || target.status === 400) && answer.status < 300 && siteIdNamesNothing(call.request)) return 'refused'
    if (target.status === 400 && answer.status < 300) {
      const named = detailFields(target.body).map(rootOf)
      if (emptyPageUpdate(call.request) && named.includes('pathname')) return 'refused'
      if (named.some((field) => freeFields.has(field) || refusableStrictly(call.request, field))) return 'refused'
      return oracle.asSitemockWould(onSide(call.request, 'oracle')).status === 400 ? 'refused' : undefined
    }
    // A site's default locale deleted (another made the default, say), which the oracle refuses: no document says whether a deployment takes it.
    if (target.status < 300 && answer.status >= 400 && deletesDefaultLocale(call.request)) return 'taken'
    if (target.status < 300 && answer.status === 400) {
      const named = detailFields(answer.body).map(rootOf)
      return named.length > 0 && named.every((field) => freeFields.has(field)) ? 'taken' : undefined
    }
    return undefined
  }

  const compare = async (call: Call, target: Exchange, answer: Answer): Promise<Difference | undefined> => {
    const { method, template } = call.request
    // Under the published profile, only what that document declares for the operation is compared.
    if (env.profile === 'published' && !documents('published', method, template, answer.status)) return undefined
    if (env.profile !== 'sitemock') return compareFreely(call, target, answer)
    const strict = compareAsSitemock(call, target, answer)
    if (!strict) return undefined
    // A difference the contract itself allows is one from sitemock's own choices: labelled so,
    // with the class of the catalogue it shows where one does.
    if (touchedByLocaleRename(call, strict)) return { ...strict, free: true, choice: 'localeRenameTouchesPages' }
    if (republishedOtherwise(call, target, answer)) return { ...strict, free: true, choice: 'onlineRepublish' }
    const shown = sitemockChoiceAt(call, target, answer, { request: onSide(call.request, 'oracle'), ownSiteKey: ownSiteKey(call), runSiteKey: runSiteKey(call), site: siteOf(call.request, pools), sites: pools.sites.map((entry) => entry.id.oracle), classes: call.input?.classes ?? {}, peek: readOnlyPeek((request) => oracle.peek(request)), orphan: orphanOf(call), deletedLocale: deletedLocaleBefore(oracle, onSide(call.request, 'oracle'), siteOf(call.request, pools)), deletedLocaleNamed: deletedLocaleNamedBefore(oracle, onSide(call.request, 'oracle')), targetOf: (id) => ledger.ids.target(id) })
    if (shown !== undefined) return { ...strict, free: true, choice: shown }
    if (freeDisagreement(call, target, answer) !== undefined || keptUpdatedAt(call, target, answer) || (await compareFreely(call, target, answer)) === undefined) return { ...strict, free: true }
    return strict
  }

  /** What the contract fixes, and nothing it leaves free. */
  const compareFreely = async (call: Call, target: Exchange, answer: Answer): Promise<Difference | undefined> => {
    if (target.status >= 400 && answer.status >= 400) {
      const broken = brokenRules(call, answer, target)
      // The published OpenAPI promises statuses, not error codes or details.
      if (!holdsServiceRules(env.profile)) {
        const allowed = allowedStatuses(answer.status, broken)
        return allowed.has(target.status) ? undefined : { aspect: 'status', message: `expected ${[...allowed].join(' or ')} (the rules this request breaks), got ${target.status}` }
      }
      return compareErrorFreely(target.status, target.body, answer.status, answer.body, broken, broken.brokenFields)
    }
    if (target.status !== answer.status) return { aspect: 'status', message: statusMessage(call, target.status, answer.status) }
    if (answer.status === 204) return undefined
    if (!call.list) return compareValue(ledger, target.body, answer.body, '')
    const page = asPage(target.body)
    if (!page) return { aspect: 'list', message: 'the answer is not a list' }
    // The sites of a workspace hold others than the sequence's: their order and number are not the sequence's to judge.
    if (call.request.template === SITES) return compareKnownItems(page, answer)
    return freePage(call, page)
  }

  /** A status other than the oracle's, in words; an invalid request taken says which of its fields the documents require otherwise. */
  const statusMessage = (call: Call, targetStatus: number, oracleStatus: number): string => {
    const broken = call.broken ?? []
    if (oracleStatus === 400 && targetStatus < 300 && broken.length > 0) {
      return `expected 400, which the specification gives an "invalid request body or query parameters", got ${targetStatus}: the request's ${broken.join(', ')} ${broken.length === 1 ? 'is' : 'are'} left out or invalid as the documents declare ${broken.length === 1 ? 'it' : 'them'}`
    }
    return `expected ${oracleStatus} as the oracle answers, got ${targetStatus}`
  }

  /** As sitemock answers (--profile sitemock): the same status, code and fields named, and sitemock's order of ties and instants. */
  const compareAsSitemock = (call: Call, target: Exchange, answer: Answer): Difference | undefined => {
    if (target.status !== answer.status) return { aspect: 'status', message: `expected ${answer.status} as the oracle answers, got ${target.status}` }
    if (answer.status >= 400) return compareErrorStrictly(target.body, answer.body)
    if (answer.status === 204) return undefined
    if (!call.list) return compareValue(ledger, target.body, answer.body, '')
    const page = asPage(target.body)
    if (!page) return { aspect: 'list', message: 'the answer is not a list' }
    return compareList(ledger, page, sitemockPage(call, answer)!, nameOf)
  }

  /** Each item of the target's page that the oracle knows has the oracle's fields. */
  const compareKnownItems = (page: ListPage, answer: Answer): Difference | undefined => {
    const known = new Map((asPage(answer.body)?.data ?? []).map((item) => [ledger.ids.target(String(item.id)), item]))
    for (const [index, item] of page.data.entries()) {
      const counterpart = known.get(String(item.id))
      const found = counterpart && compareValue(ledger, item, counterpart, `data[${index}]`)
      if (found) return found
    }
    return undefined
  }

  /** The oracle's answer to the last call performed: what a learning list reads its items from. */
  let lastAnswer: Answer | undefined
  const perform = async (call: Call, index: number): Promise<Divergence | undefined> => {
    const children = childrenOf(call)
    const domains = children.flatMap(([id, family]) => (family === 'locale' ? [domainOf(id)] : [])).filter((domain) => typeof domain === 'string')
    const target = await env.send(onSide(call.request, 'target'))
    ledger.times.during(target.timing)
    // A site the target made goes as the sequence ends, whatever this step's verdict: left behind, its name could stand in the next sequence's way.
    if (call.created?.family === 'site' && target.status < 300 && isObject(target.body) && typeof target.body.id === 'string') madeSites.push(target.body.id)
    let answer = oracle.send(onSide(call.request, 'oracle'))
    // A route pathname sitemock's format rules refuse but the documents allow (they ask only for a
    // leading slash): where the target took it, the oracle takes it too, as skipValidation lets it.
    if (env.profile !== 'sitemock' && answer.status === 400 && target.status < 300 && routeFormatOnly(call.request)) {
      answer = oracle.send(onSide({ ...call.request, query: { ...call.request.query, skipValidation: 'true' } }, 'oracle'))
    }
    // A body field no document declares for the operation, which the oracle refuses as the run
    // learned (unknownBodyFields) and the target took: a deployment may ignore such fields on one
    // operation and refuse them on another. The oracle is asked without them.
    if (env.profile !== 'sitemock' && answer.status === 400 && target.status < 300 && isObject(call.request.body)) {
      const named = detailFields(answer.body).map(rootOf)
      if (named.length > 0 && named.every((field) => undeclaredBodyField(call.request, field))) {
        const oracleRequest = onSide(call.request, 'oracle')
        answer = oracle.replaceLast({ ...oracleRequest, body: Object.fromEntries(Object.entries(oracleRequest.body as Json).filter(([field]) => !named.includes(field))) })
      }
    }
    // A site's page list may hold pages the page list leaves out (sitePagesHeld): a cursor naming
    // one of the site's offline pages is then in the target's list, and the oracle is asked with them.
    if (env.profile !== 'sitemock' && call.request.template === SITE_PAGES && target.status === 200 && answer.status !== 200 && call.request.query?.startingAfter !== undefined) {
      const listed = oracle.send(onSide({ ...call.request, query: { ...call.request.query, includeOffline: 'true' } }, 'oracle'))
      if (listed.status === 200) answer = listed
    }
    // An update that changes nothing may leave updatedAt where it was (`emptyPatchUpdatedAt`): where
    // the target's did not move, the oracle's step is taken back, and the page compared as it stood.
    if (env.profile !== 'sitemock' && keptUpdatedAt(call, target, answer)) {
      oracle.undoLast()
      answer = { ...answer, body: oracle.peek({ method: 'GET', template: PAGE, params: { pageIdOrPathname: String((answer.body as Json).id) } }).body }
      followed++
    } else answer = touchLike(call, target, answer)
    targetPagesBefore.clear()
    for (const item of asPage(target.body)?.data ?? [target.body]) {
      if (!isObject(item) || item.object !== 'page') continue
      targetPagesBefore.set(String(item.id), targetPages.get(String(item.id)))
      targetPages.set(String(item.id), item)
    }
    rememberSent(call, target)
    rememberLocaleRename(call, target)
    for (const item of asPage(answer.body)?.data ?? [answer.body]) if (isObject(item) && item.object === 'page') oraclePages.set(String(item.id), item)
    lastAnswer = answer
    remember(answer.body)
    steps.push({ label: call.label, target: { request: target.request, status: target.status, body: target.body }, oracle: answer })
    let difference = env.sideBySide ? undefined : await compare(call, target, answer)
    // A pathname two routes or pages of a site share (a clash skipValidation let through): which of them it names is the target's own.
    const shared = difference && env.profile !== 'sitemock' ? otherOfSharedPathname(call, target) : undefined
    if (shared !== undefined) {
      answer = touchLike(call, target, oracle.replaceLast(shared))
      steps[steps.length - 1] = { ...steps[steps.length - 1]!, oracle: answer }
      lastAnswer = answer
      remember(answer.body)
      difference = await compare(call, target, answer)
    }
    if (difference && env.profile !== 'sitemock' && oracle.following === 'sitemock' && target.status < 300 && answer.status === 400) {
      // The target took what sitemock's rules refuse: the oracle follows the documents' rules from
      // now on (and the run's next sequences from their start), and answers again.
      oracle.switchRules('documents')
      if (env.learned) env.learned.documentsRules = true
      answer = touchLike(call, target, oracle.send(onSide(call.request, 'oracle')))
      steps[steps.length - 1] = { ...steps[steps.length - 1]!, oracle: answer }
      lastAnswer = answer
      remember(answer.body)
      difference = await compare(call, target, answer)
    }
    if (env.profile !== 'sitemock') {
      // Where the documents leave the answer free, the target's own is adopted and held to.
      const held = await hold(call, target, answer, difference)
      if (held.answer !== answer) {
        answer = held.answer
        steps[steps.length - 1] = { ...steps[steps.length - 1]!, oracle: answer }
        lastAnswer = answer
        remember(answer.body)
      }
      difference = held.difference
      if (difference?.inconsistent) return { command: index, difference, exchange: target }
    }
    if (difference && env.profile !== 'sitemock') {
      const free = freeDisagreement(call, target, answer)
      if (free === 'refused') {
        // The target refused what the oracle took: the oracle takes its step back, and the sequence goes on.
        oracle.undoLast()
        followed++
        return undefined
      }
      if (free === 'taken') {
        followed++
        if (call.request.method === 'GET') return undefined
        cutShort = { command: index, difference, exchange: target }
        return cutShort
      }
    }
    if (difference) return { command: index, difference, exchange: target }
    if (children.length > 0 && answer.status === 204) {
      for (const [id, family] of children) orphans.set(id, family)
      appendAll(orphanDomains, domains)
    }
    if (!call.created || target.status >= 300 || answer.status >= 300 || !isObject(target.body) || !isObject(answer.body)) return undefined
    const id = new Both(String(target.body.id), String(answer.body.id))
    if (call.created.family !== 'site') {
      pools.addChild(call.created.family, { id, site: call.created.site })
      return undefined
    }
    const site = pools.addSite({ id, key: new Both(String(target.body.publicApiKey), String(answer.body.publicApiKey)) })
    // A new site's default locale and routes, and a copy's locales, pages and routes, are learned
    // from their lists. The route list of a new site also shows, before any route command, whether
    // the target serves the route operations where sitemock does (routeOperations).
    const routes: Array<[Family, string, Json]> = holdsServiceRules(env.profile) ? [['route', ROUTES, {}]] : []
    const learn: Array<[Family, string, Json]> = [['locale', LOCALES, {}]]
    if (call.request.template !== SITES) learn.push(['page', PAGES, { includeOffline: 'true' }])
    learn.push(...routes)
    for (const [family, template, query] of learn) {
      const listCall: Call = { label: `learning the ${family}s of the new site`, request: { method: 'GET', template, query: { siteId: id, limit: 100, ...query }, key: appKey }, list: { kind: 'direct' }, copy: call.request.template === SITE_DUPLICATE }
      const found = await perform(listCall, index)
      if (found) return found
      for (const item of asPage(lastAnswer?.body)?.data ?? []) {
        const targetId = ledger.ids.target(String(item.id))
        if (targetId === undefined) continue
        env.adopt({ kind: family, id: targetId, siteId: id.target, label: nameOf(item) })
        pools.addChild(family, { id: new Both(targetId, String(item.id)), site })
      }
    }
    return undefined
  }

  const step = async (call: Call, index: number): Promise<Divergence | undefined> => {
    calls.push(recordCall(call, index, phantoms))
    return perform(call, index)
  }
  /** The target's value of a recorded oracle value: the run's own keys by role, ids as this replay learned them. */
  const targetOf = (value: string): string => {
    if (value === ORACLE_APP_KEY) return env.appKey
    if (value === oracle.tenantKey) return env.tenantKey ?? env.appKey
    if (value === oracle.strangerKey) return env.strangerKey!
    return ledger.ids.target(value) ?? value
  }

  /** The sequence's result: a divergence, unless the sequence was only cut short where the oracle could not follow. */
  const ended = (divergence?: Divergence): SequenceResult =>
    divergence && divergence === cutShort ? { steps, calls, followed, cutShort } : { steps, calls, followed, ...(divergence ? { divergence } : {}) }

  try {
    if (recorded) {
      for (const entry of recorded) {
        const divergence = await step(rebindCall(entry, targetOf, plan.siteAnchor, phantomId, env.tag), entry.command)
        if (divergence) return ended(divergence)
      }
      return ended()
    }
    for (const label of ['own', 'other']) {
      const call: Call = { label: `setup: the ${label} site`, request: { method: 'POST', template: SITES, body: { workspaceId: env.workspaceId, name: `${env.tag} ${label}`, hostOrigin: taggedOrigin(env.tag) }, key: appKey }, created: { family: 'site' } }
      const divergence = await step(call, -1)
      if (divergence) return ended(divergence)
    }
    if (pools.sites.length < 2) throw new Error(`the sequence could not create its two sites (POST /v2/sites answered ${steps[steps.length - 1]?.target.status})`)
    for (const [index, command] of commands.entries()) {
      const call = planCall(command, plan)
      if (!call) continue
      const divergence = await step(call, index)
      if (divergence) return ended(divergence)
    }
    return ended()
  } finally {
    // What the sequence made goes at once, so the next one starts from the same workspace; the run's cleanup catches the rest.
    // The domains its sites' locales had, and those of the sites a command deleted: for the sequences that come after.
    if (env.learned) appendAll((env.learned.earlierDomains ??= []), [...orphanDomains, ...pools.children.locale.map((child) => domainOf(child.id.oracle)).filter((domain) => typeof domain === 'string')])
    for (const siteId of madeSites.reverse()) await env.send({ method: 'DELETE', template: SITE, params: { siteId } }).catch(() => undefined)
    // The oracle still holds the children of the sites deleted just now; those of a site a command deleted are its orphans.
    if (env.learned) await clearKeptChildren(env.send, pools, (id) => orphans.has(id) || plan.gone?.(id) === false, env.learned)
  }
}

/** The ids of the items of a list whose pathname begins with the prefix in another case alone. */
function inPrefixOtherCase(items: readonly Json[], prefix: unknown): Set<unknown> {
  if (typeof prefix !== 'string') return new Set()
  const lower = prefix.toLowerCase()
  return new Set(items.filter((item) => typeof item.pathname === 'string' && !item.pathname.startsWith(prefix) && item.pathname.toLowerCase().startsWith(lower)).map((item) => item.id))
}

/** What a run site's publicApiKey reads of its site's page lists, where it reads less than its Site key (publicApiKeyAsSiteKey). */
type KeyReads = 'published-pages' | 'online-pages' | undefined

/**
 * The read that tells whether what a request names exists: the resource of its path, or the site
 * its siteId names; undefined when it names nothing (a workspace's list, a site create).
 */
/**
 * Whether the oracle's read of a resource found nothing: a 404, or a 405 where the oracle has no
 * read at that path (a route read where routes are served elsewhere, unservedMethod 405), which
 * tells existence no more than that deployment's 404 does.
 */
const foundNothing = (status: number): boolean => status === 404 || status === 405

function existenceProbe(request: PairedRequest, liveOnly = false): PairedRequest | undefined {
  // A siteId that is no UUID is invalid input of its own: whether the resource its path names exists is asked without it.
  const read = (template: string, params: PairedRequest['params'], query: PairedRequest['query'] = {}): PairedRequest => ({
    method: 'GET',
    template,
    params,
    query: typeof query.siteId === 'string' && !isUuid(query.siteId) ? { ...query, siteId: undefined } : query,
    key: null,
  })
  switch (request.template) {
    case SITE:
    case SITE_DUPLICATE:
    case SITE_PAGES:
      return read(SITE, { siteId: request.params!.siteId! })
    case LOCALE:
    case LOCALE_RESTORE:
      return read(LOCALE, request.params, { siteId: request.query?.siteId })
    // A page read of the live version (asked, or all its key reads): a page never published has none to find (a 404).
    case PAGE:
      return read(PAGE, request.params, { siteId: request.query?.siteId, ...(request.method === 'GET' && (liveOnly || request.query?.versionRef === 'ref:live') ? { versionRef: 'ref:live' } : {}) })
    case ROUTE:
      return read(request.template, request.params, { siteId: request.query?.siteId })
    default: {
      const siteId = request.query?.siteId ?? (isObject(request.body) ? request.body.siteId : undefined)
      return siteId instanceof Both || typeof siteId === 'string' ? read(SITE, { siteId }) : undefined
    }
  }
}

/** The oracle's id of the site a request is about, when the sequence knows it: a siteId anywhere, or the site of a resource it created. */
function siteOf(request: PairedRequest, pools: Pools): string | undefined {
  const candidates = [request.params?.siteId, request.query?.siteId, isObject(request.body) ? request.body.siteId : undefined]
  for (const candidate of candidates) if (candidate instanceof Both) return candidate.oracle
  for (const value of Object.values(request.params ?? {})) {
    if (!(value instanceof Both)) continue
    for (const family of ['locale', 'page', 'route'] as const) {
      const entry = pools.children[family].find((child) => child.id.oracle === value.oracle)
      if (entry) return pools.sites[entry.site]!.id.oracle
    }
  }
  return undefined
}

/** The read of a resource the sequence created, by its oracle id. */
function readOf(oracleId: string, pools: Pools): ContractRequest | undefined {
  if (pools.sites.some((site) => site.id.oracle === oracleId)) return { method: 'GET', template: SITE, params: { siteId: oracleId } }
  const reads: Record<Family, [string, string]> = { locale: [LOCALE, 'localeIdOrCode'], page: [PAGE, 'pageIdOrPathname'], route: [ROUTE, 'routeIdOrPathname'] }
  for (const family of ['locale', 'page', 'route'] as const) {
    if (!pools.children[family].some((child) => child.id.oracle === oracleId)) continue
    const [template, param] = reads[family]
    return { method: 'GET', template, params: { [param]: oracleId } }
  }
  return undefined
}

/**
 * A page update with none of the published body's fields (`pathname`, `name`, `isOnline`): empty,
 * or only search fields a deployment may ignore. The published OpenAPI documents its 400 as
 * "Missing pathname field." while its body requires no field: a deployment may take such an update
 * (sitemock), or refuse it as missing its pathname (choice emptyPageUpdate).
 */
const emptyPageUpdate = (request: { method: string; template: string; body?: unknown }): boolean =>
  request.method === 'PATCH' && request.template === PAGE && isObject(request.body) && !PUBLISHED_PAGE_UPDATE_FIELDS.some((field) => field in (request.body as Json))

/** A page update without a pathname, which a deployment may require in every one (emptyPageUpdate `pathname-required`). */
const missingPathname = (request: { method: string; template: string; body?: unknown }): boolean =>
  request.method === 'PATCH' && request.template === PAGE && isObject(request.body) && !('pathname' in request.body)

const PUBLISHED_PAGE_UPDATE_FIELDS = ['pathname', 'name', 'isOnline']

/** The planner's classes of a cursor that names no item of the list it is sent to. */
const STRAY_CURSORS: ReadonlySet<string> = new Set(["from another site's list", "from another family's list", 'deleted item', 'unknown'])

/** A route create or update whose pathname starts with a slash, the one rule of route pathnames the documents give, sent without skipValidation. */
function routeFormatOnly(request: PairedRequest): boolean {
  if (request.template !== ROUTES && request.template !== ROUTE) return false
  if (request.query?.skipValidation === 'true') return false
  const pathname = isObject(request.body) ? request.body.pathname : undefined
  return typeof pathname === 'string' && pathname.startsWith('/')
}

/** Characters a pathname takes under any reading: RFC 3986 unreserved ones and the slash. */
const PLAIN_PATHNAME = /^[A-Za-z0-9/._~-]*$/

/**
 * A refusal a stricter deployment may make where the documents leave it free, judged on the
 * request: a pathname with characters beyond the plain ones (`pagePathnameCharacters`), a route
 * pathname without its leading slash even under skipValidation (`routePathnameSlash`), a query
 * parameter the documents do not name for the operation (`unknownQueryParameters`).
 */
function refusableStrictly(request: PairedRequest, field: string): boolean {
  const body = isObject(request.body) ? request.body : {}
  if (field === 'pathname' && typeof body.pathname === 'string') {
    if (!PLAIN_PATHNAME.test(body.pathname)) return true
    if ((request.template === ROUTES || request.template === ROUTE) && !body.pathname.startsWith('/')) return true
  }
  const query = request.query ?? {}
  if (field in query && !(field in body)) return !documentedQuery(request.method, request.template).has(field)
  return undeclaredBodyField(request, field)
}

/**
 * A body field the documents do not declare for the operation: taken or ignored by one
 * deployment, refused by another (unknownBodyFields), a resource's own field the operation does
 * not set too. (A page's search fields have their own class, pageUpdateSearchFields, which holds
 * the target to one answer.)
 */
function undeclaredBodyField(request: PairedRequest, field: string): boolean {
  const body = isObject(request.body) ? request.body : {}
  return field in body && !documentedBody(request.method, request.template).has(field) && !(request.template === PAGE && (SEARCH_FIELDS as readonly string[]).includes(field))
}

/**
 * What the specification alone names of operations the published OpenAPI leaves out: Update
 * Route's body and query, a route read by pathname's siteId as Update Route's, the site's page
 * list of the pagination example, and a route create's pathname and the site it names (the
 * Route table's fields; "creating a route" is named without a shape).
 */
const SPECIFICATION_ONLY: Record<string, { body?: string[]; query?: string[] }> = {
  [`POST ${ROUTES}`]: { body: ['siteId', 'pathname'] },
  [`PATCH ${ROUTE}`]: { body: ['pathname'], query: ['siteId', 'skipValidation'] },
  [`GET ${ROUTE}`]: { query: ['siteId'] },
  [`DELETE ${ROUTE}`]: { query: ['siteId'] },
  [`GET ${SITE_PAGES}`]: { query: ['limit', 'startingAfter'] },
}

/** The body fields the specification or the published OpenAPI name for an operation: its published request body's, or the specification's. */
function documentedBody(method: string, template: string): Set<string> {
  const schema = publishedOperation(method, template)?.requestBody?.content?.['application/json']?.schema
  const published = schema === undefined ? [] : Object.keys((resolvePublished(schema).properties as Record<string, unknown> | undefined) ?? {})
  return new Set([...published, ...(SPECIFICATION_ONLY[`${method} ${template}`]?.body ?? [])])
}

/** The query parameters the specification or the published OpenAPI name for an operation. */
function documentedQuery(method: string, template: string): Set<string> {
  const published = (publishedOperation(method, template)?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
  return new Set([...published, ...(SPECIFICATION_ONLY[`${method} ${template}`]?.query ?? [])])
}

/** sitemock's longest pathname (api-behaviour.md, Field limits). */
const PATHNAME_LIMIT = 2048

/** A detail's field is a parameter or a body field, or a path into one (pathname, localizations[0].locale). */
const rootOf = (field: string): string => field.split(/[.[]/)[0]!

/**
 * The parameters of a call whose value is of a class where sitemock's own choice is among the
 * sources (a deployment may take or refuse it), and a cursor of a list, which its filters may
 * leave out (`cursorOutsideList`).
 */
function freeFieldsOf(call: Call): Set<string> {
  const input = call.input
  // The page list's cells serve its two paths; whether a site's page list takes the list's parameters (sitePagesQuery) is no freedom of GET /v6/pages, which declares them.
  const ownPath = (source: Source): boolean => !(call.request.template === PAGES && 'choice' in source && source.choice === 'sitePagesQuery')
  const free = new Set(Object.entries(input?.classes ?? {}).filter(([parameter, classes]) => classes.some((valueClass) => sourcesOfClass(input!.op, parameter, valueClass).some((source) => source.kind === 'sitemock' && ownPath(source)))).map(([parameter]) => parameter))
  if (call.request.method === 'GET' && call.request.query?.startingAfter !== undefined) free.add('startingAfter')
  // A pathname in the path longer than sitemock's limit (`pathnameMaxLength`): the documents set none.
  for (const [name, value] of Object.entries(call.request.params ?? {})) if (typeof value === 'string' && value.length > PATHNAME_LIMIT) free.add(name)
  return free
}
