import type { Choices } from '../freedom/catalogue.js'
import { NOWHERE_ID, Unrecorded, type Answer, type Call } from './choices-probe-kit.js'

type SiteKeyWrites = NonNullable<Choices['siteKeyWrites']>
type Family = 'pages' | 'routes' | 'locales'

/** The alternatives a Site key's sham writes can tell apart; refused-first is told before them, by writes to nothing. */
const JUDGED: readonly SiteKeyWrites[] = ['allowed', 'refused', 'routes-refused', 'pages-only', 'pages-refused', 'locales-refused']

/**
 * What a Site key of the user's may write (siteKeyWrites), where the probes know no Site key of
 * their own (publicApiKeyAsSiteKey other than site-key): --site-api-key is of a site the run did
 * not create, so nothing there may change. A write with it to a locale that exists nowhere is a
 * 403 only where every Site key write is refused first, or its locale writes are refused for its
 * kind first (pages-only, locales-refused): a write to a page that exists nowhere, a 403 then only at
 * refused-first, tells the two apart. Then one update of a page, a route and a locale of its
 * site (of those families it has: the answers of the others are told where they tell it alone), each field a one-item list of the value it has (a type no update body
 * takes, so a deployment that takes the write answers its 400 and keeps everything): a 403 is a
 * refusal of that family, a 400 a write let through to its body, which says so only where access
 * is judged before the body (see answerOf). Where those answers fit more than one alternative,
 * updates of nothing with a body a deployment takes may tell them (toldByWritesToNothing).
 */
export async function strangerKeyWrites(call: Call, key: string, workspaceId: string, tag: string, learned: Readonly<Choices>): Promise<SiteKeyWrites> {
  const nowhere = await call('PATCH', `/v2/locales/${NOWHERE_ID}`, { locale: 12 }, key)
  if (nowhere.status === 403 && (await call('PATCH', `/v6/pages/${NOWHERE_ID}`, { name: 12 }, key)).status === 403) return 'refused-first'
  const { siteId } = await siteOfKey(call, key, workspaceId, tag)
  const first = async (path: string, what: string): Promise<Record<string, unknown> | undefined> => {
    const listed = await call('GET', path, undefined, key)
    // Routes served elsewhere (routeOperations elsewhere): no route to write to, as where the site has none.
    if (listed.status === 404 && path.startsWith('/v2/routes')) return undefined
    if (listed.status !== 200) throw new Unrecorded(`${what} of the site of --site-api-key, read with it, answered ${listed.status}`)
    const item = listed.body.data?.[0]
    // Never a guess: with nothing of a family to write to, that family's writes are not seen.
    return item === undefined || typeof item.id !== 'string' ? undefined : item
  }
  const page = await first(`/v6/pages?siteId=${siteId}&includeOffline=true`, 'the pages')
  const route = await first(`/v2/routes?siteId=${siteId}`, 'the routes')
  const locale = await first(`/v2/locales?siteId=${siteId}`, 'the locales')
  // A family the site has nothing of is written to by a create whose body no deployment takes, so
  // that nothing is made: where a create judges its body as any other write (createBodyOrder
  // validation-order), its answer is an update's.
  const creates = learned.createBodyOrder === 'validation-order'
  const sham = async (item: Record<string, unknown> | undefined, update: () => Promise<Answer>, create: () => Promise<Answer>): Promise<Answer | undefined> =>
    item !== undefined ? update() : creates ? create() : undefined
  const answers: Partial<Record<Family, Answer | undefined>> = {
    pages: await sham(page, () => call('PATCH', `/v6/pages/${String(page!.id)}`, { pathname: [String(page!.pathname)] }, key), () => call('POST', '/v6/pages', { siteId, pathname: 12, name: `${tag} sham` }, key)),
    // Routes served elsewhere (routeOperations elsewhere) take no create here, sham or not.
    routes: learned.routeOperations === 'elsewhere' ? undefined : await sham(route, () => call('PATCH', `/v2/routes/${String(route!.id)}`, { pathname: [String(route!.pathname)] }, key), () => call('POST', '/v2/routes', { siteId, pathname: 12 }, key)),
    locales: await sham(locale, () => call('PATCH', `/v2/locales/${String(locale!.id)}`, { locale: [String(locale!.locale)] }, key), () => call('POST', '/v2/locales', { siteId, locale: 12 }, key)),
  }
  // The families the site has something of: what the others would answer is left to those.
  const families = (Object.keys(answers) as Family[]).filter((family) => answers[family] !== undefined)
  const statusOf = (family: Family): number => answers[family]!.status
  const odd = families.find((family) => statusOf(family) !== 400 && statusOf(family) !== 403)
  if (odd !== undefined) throw new Unrecorded(`an update of ${odd} with --site-api-key and a field of a type no body takes answered ${statusOf(odd)}, neither the refusal's 403 nor the body's 400`)
  const fits = JUDGED.filter((alternative) => ordersOf(learned).some(([inputFirst, kindOrder]) => families.every((family) => answerOf(alternative, family, inputFirst, kindOrder) === statusOf(family))))
  const seen = families.map((family) => `${family} ${statusOf(family)}`).join(', ')
  if (families.length === 0) throw new Unrecorded('the site of --site-api-key has no page, route or locale to send a write to, so what its Site key may write is not seen')
  if (fits.length === 1) return fits[0]!
  const told = await toldByWritesToNothing(call, key, tag, learned, fits)
  if (told !== undefined) return told
  if (fits.length === 0) throw new Unrecorded(`updates with --site-api-key and a field of a type no body takes answered ${seen}, which no alternative explains`)
  const lacking = (['pages', 'routes', 'locales'] as const).filter((family) => !families.includes(family))
  if (lacking.length > 0) throw new Unrecorded(`updates with --site-api-key answered ${seen}, which ${fits.join(' and ')} all explain; the site has no ${lacking.join(' or ')} to tell them apart, and a create may judge its body before access (createBodyOrder)`)
  throw new Unrecorded(`updates with --site-api-key and a field of a type no body takes answered ${seen}, which ${fits.join(' and ')} both explain where the body may be judged before access (validationOrder input-first, or not known)`)
}

/**
 * The status a sham update of a family earns under an alternative: a refusal is a 403 where
 * access is judged, which comes after the body only where the whole input goes first
 * (validationOrder input-first), but for a family refused to the key's kind (routes-refused's
 * routes, pages-only's locales and routes, pages-refused's pages, locales-refused's locales), first where a key refused for its kind is refused
 * first (keyKindOrder first), and after the body where it is refused once the input is judged (after-input).
 */
function answerOf(alternative: SiteKeyWrites, family: Family, inputFirst: boolean, kindOrder: KeyKindOrder): number {
  const refusedOfKind = ofKind(alternative, family)
  if (alternative !== 'refused' && !refusedOfKind) return 400
  if (refusedOfKind && kindOrder !== 'with-access') return kindOrder === 'first' ? 403 : 400
  return inputFirst ? 400 : 403
}

type KeyKindOrder = NonNullable<Choices['keyKindOrder']>

/**
 * The one of `fits` that updates of nothing, each with a body a deployment takes, tell: a 403 to
 * one says its family is refused to the key's kind before any lookup (keyKindOrder first or
 * after-input), a 404 that it is not (or is refused where access is judged, after the lookup);
 * any other answer tells nothing. Nothing exists to change, so nothing changes.
 */
async function toldByWritesToNothing(call: Call, key: string, tag: string, learned: Readonly<Choices>, fits: readonly SiteKeyWrites[]): Promise<SiteKeyWrites | undefined> {
  const pathname = `/${tag}-nowhere`
  const statuses: Record<Family, number> = {
    pages: (await call('PATCH', `/v6/pages/${NOWHERE_ID}`, { pathname }, key)).status,
    routes: (await call('PATCH', `/v2/routes/${NOWHERE_ID}`, { pathname }, key)).status,
    locales: (await call('PATCH', `/v2/locales/${NOWHERE_ID}`, { domain: `https://${tag}.example.com` }, key)).status,
  }
  const beforeLookup = (alternative: SiteKeyWrites, family: Family, kindOrder: KeyKindOrder): boolean => kindOrder !== 'with-access' && ofKind(alternative, family)
  const narrowedBy = (told: readonly Family[]): SiteKeyWrites | undefined => {
    const narrowed = fits.filter((alternative) => ordersOf(learned).some(([, kindOrder]) => told.every((family) => (statuses[family] === 403) === beforeLookup(alternative, family, kindOrder))))
    return narrowed.length === 1 ? narrowed[0] : undefined
  }
  const told = (['pages', 'routes', 'locales'] as const).filter((family) => statuses[family] === 403 || statuses[family] === 404)
  // A route write's 403 may also be the refusal of every route request to a Site key (siteKeyRoutes
  // refused, or not learned), where the key's writes to routes are refused either way: read as a
  // write's refusal first, and, where no alternative explains that, as said of no write.
  const ambiguous = statuses.routes === 403 && learned.siteKeyRoutes !== 'read'
  return narrowedBy(told) ?? (ambiguous ? narrowedBy(told.filter((family) => family !== 'routes')) : undefined)
}

/** Whether the alternative refuses a Site key the family for its kind (routes-refused's routes, pages-only's locales and routes, pages-refused's pages, locales-refused's locales). */
const ofKind = (alternative: SiteKeyWrites, family: Family): boolean =>
  (alternative === 'routes-refused' && family === 'routes') ||
  (alternative === 'pages-only' && family !== 'pages') ||
  (alternative === 'pages-refused' && family === 'pages') ||
  (alternative === 'locales-refused' && family === 'locales')

/** The orders (whole input first, where a key's kind is refused) the probes before learned, or each of them not learned. */
function ordersOf(learned: Readonly<Choices>): Array<[boolean, KeyKindOrder]> {
  const inputFirst = learned.validationOrder === undefined ? [true, false] : [learned.validationOrder === 'input-first']
  const kindOrders: KeyKindOrder[] = learned.keyKindOrder === undefined ? ['with-access', 'first', 'after-input'] : [learned.keyKindOrder]
  return inputFirst.flatMap((input) => kindOrders.map((kind): [boolean, KeyKindOrder] => [input, kind]))
}

/**
 * The site of a Site key among the first 100 of the workspace (not the run's): the one whose
 * publicApiKey it is (`publicKey`: the key is no Site key apart from it), else the one it reads.
 */
export async function siteOfKey(call: Call, key: string, workspaceId: string, tag: string): Promise<{ siteId: string; publicKey: boolean }> {
  const listed = await call('GET', `/v2/sites?workspaceId=${workspaceId}&limit=100`)
  const sites = (listed.body.data ?? []).filter((site) => typeof site.id === 'string' && !String(site.name).startsWith(tag))
  const named = sites.find((site) => site.publicApiKey === key)
  if (named) return { siteId: String(named.id), publicKey: true }
  for (const site of sites) if ((await call('GET', `/v2/sites/${String(site.id)}`, undefined, key)).status === 200) return { siteId: String(site.id), publicKey: false }
  throw new Unrecorded('--site-api-key reads none of the first 100 sites of the workspace, so its site is not known')
}
