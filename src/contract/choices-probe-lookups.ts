import type { Choices } from '../freedom/catalogue.js'
import { existenceWins } from '../freedom/access-order.js'
import { onlineUpdatedAtOf } from '../freedom/online-updated-at.js'
import { byStatus, either, LACKED_LOCALE, namesField, NOWHERE_ID, ok, refusesSiteAlone, sleep, statusTold, Unrecorded, unexplained, type Answer, type ProbeSite } from './choices-probe-kit.js'
import { clockTickMs, pastTickMs } from './clock-tick.js'
import { siteOfKey, strangerKeyWrites } from './choices-probe-site-key-writes.js'

/** A route create's status for a pathname in the probes' own site; a route it makes is deleted at once. */
async function madeRoute(call: ProbeSite['call'], siteId: string, pathname: string): Promise<number> {
  const made = await call('POST', '/v2/routes', { siteId, pathname })
  if (typeof made.body.id === 'string') await call('DELETE', `/v2/routes/${made.body.id}`)
  return made.status
}

/** A pathname that starts with / which a route create refuses, of a few the route rules may refuse; undefined where it takes each. */
async function refusedRoutePathname(call: ProbeSite['call'], siteId: string, tag: string): Promise<string | undefined> {
  for (const pathname of [`/${tag}/route rules`, `/${tag}//route-rules`, `/${tag}/route[rules`]) if ((await madeRoute(call, siteId, pathname)) === 400) return pathname
  return undefined
}

/** Another such code, of the locale a Site key is asked to create (deleted again at once). */
const KEY_LOCALE = 'nl-BE'

/** Lookups, cursors, which error wins, what a Site key may do, and when a page is published. */
export async function probeLookups({ call, record, target, siteId, siteKey, otherSiteId, learned }: ProbeSite, pageId: string): Promise<void> {
  const { tag } = target
  await record('routeOperations', async () => either(await call('GET', `/v2/routes?siteId=${siteId}`), "the route list of the probes' own site", [200, 'served'], [404, 'elsewhere']))
  // A method no operation of the site's path takes, with the run's key; then a path the API lacks, without a key.
  await record('unservedMethod', async () => statusTold(await call('POST', `/v2/sites/${siteId}`, {}), "a POST to the probes' own site, which no operation is", 'unservedMethod'))
  await record('unknownPathKey', async () => statusTold(await call('GET', `/v2/${tag}-nowhere`, undefined, null), 'a path the API lacks, without a key', 'unknownPathKey'))
  await record('malformedPathId', async () => statusTold(await call('GET', '/v2/sites/not-a-uuid'), 'a malformed site id in the path', 'malformedPathId'))
  let keyOfSite: string | Unrecorded = siteKey
  // A site update no deployment takes, whose name keeps the run's tag were it taken.
  const wrongOrigin = { name: `${tag} choices`, hostOrigin: 12 }
  await record('publicApiKeyAsSiteKey', async () => {
    const found = await publicKeyAlternative({ call, target, siteId, siteKey }, pageId)
    // The probes' own site then has no Site key they know: --site-api-key, of a site they did not make, asks what a Site key meets.
    if (found !== 'site-key') keyOfSite = target.siteApiKey ?? new Unrecorded("the sites' publicApiKey is no Site key here, and no --site-api-key was given to ask with")
    return found
  })
  await record('publicApiKeyRoutes', async () => {
    const reads = learned.publicApiKeyAsSiteKey
    if (reads !== 'live-pages' && reads !== 'published-pages' && reads !== 'online-pages' && reads !== 'pages' && reads !== 'site-and-pages' && reads !== 'reads') {
      throw new Unrecorded(`the sites' publicApiKey does not read their pages alone here (publicApiKeyAsSiteKey ${reads ?? 'not learned'}), so whether it reads their routes too is no choice of its own`)
    }
    return statusTold(await call('GET', `/v2/routes?siteId=${siteId}`, undefined, siteKey), "the route list of the probes' own site with its publicApiKey as the key", 'publicApiKeyRoutes')
  })
  await record('publicApiKeySiteRead', async () => {
    const reads = learned.publicApiKeyAsSiteKey
    // A key for the site's pages in any version that reads the site too answers as site-and-pages does, and is learned so.
    if (reads === 'site-and-pages') throw new Unrecorded("the sites' publicApiKey reads their site and their pages here (publicApiKeyAsSiteKey site-and-pages, as a key for their pages that reads their site too does), so whether it reads their site is no choice of its own")
    if (reads !== 'live-pages' && reads !== 'published-pages' && reads !== 'online-pages' && reads !== 'pages') {
      throw new Unrecorded(`the sites' publicApiKey does not read their pages alone here (publicApiKeyAsSiteKey ${reads ?? 'not learned'}), so whether it reads their site too is no choice of its own`)
    }
    return statusTold(await call('GET', `/v2/sites/${siteId}`, undefined, siteKey), "the probes' own site read with its publicApiKey as the key", 'publicApiKeySiteRead')
  })
  await record('publicApiKeyLocales', async () => {
    const reads = learned.publicApiKeyAsSiteKey
    if (reads !== 'live-pages' && reads !== 'published-pages') {
      throw new Unrecorded(`the sites' publicApiKey does not read their pages as published alone here (publicApiKeyAsSiteKey ${reads ?? 'not learned'}), so whether it reads their locales too is no choice of its own`)
    }
    return statusTold(await call('GET', `/v2/locales?siteId=${siteId}`, undefined, siteKey), "the locale list of the probes' own site with its publicApiKey as the key", 'publicApiKeyLocales')
  })
  await record('publicApiKeyOfflinePages', async () => {
    const reads = learned.publicApiKeyAsSiteKey
    if (reads !== 'online-pages') {
      throw new Unrecorded(`the sites' publicApiKey does not read their locales and online pages alone here (publicApiKeyAsSiteKey ${reads ?? 'not learned'}), so how it meets their offline pages is no choice of its own`)
    }
    // With a page of the probes' own offline, the key's list asking the offline pages too: refused,
    // or fewer pages than the App key lists (they are invisible to it), or the same (it reads them).
    return withOfflinePage(call, siteId, tag, async () => {
      const path = `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`
      const asKey = await call('GET', path, undefined, siteKey)
      if (either(asKey, "the pages of the probes' own site, offline ones asked too, listed with its publicApiKey as the key", [403, 'refused'] as const, [200, 'listed'] as const) === 'refused') return 'refused'
      const all = await call('GET', path)
      if (all.status !== 200) throw new Unrecorded(`the pages of the probes' own site, offline ones asked too, could not be listed with the App key (${all.status})`)
      return idsOf(asKey).length < idsOf(all).length ? 'hidden' : 'read'
    })
  })
  await record('accessOrder', async () => {
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    const found = either(await call('GET', `/v2/sites/${NOWHERE_ID}`, undefined, keyOfSite), 'a Site key asking for a site that does not exist', [403, 'permission-first'] as const, [404, 'existence-first'] as const)
    if (found === 'permission-first') return found
    // A pathname no page has, in a site that exists and the key does not reach: the site judged for
    // the key before the name is looked up (site-first), or the name first.
    const unreached = keyOfSite === siteKey ? otherSiteId : siteId
    const named = await call('GET', `/v6/pages/${encodeURIComponent(`/${tag}-nowhere`)}?siteId=${unreached}`, undefined, keyOfSite)
    return either(named, "a Site key asking for a pathname no page has in a site it does not reach", [403, 'site-first'] as const, [404, 'existence-first'] as const)
  })
  let order: Choices['validationOrder']
  await record('validationOrder', async () => {
    // A body fault on a site that does not exist: 404 unless input goes first; a query fault on a list of a site that does not exist: 400 unless access goes first
    // (where that site is refused as a value naming nothing, unknownSiteReference invalid, a 400 naming it alone is access's).
    const body = await call('PATCH', `/v2/sites/${NOWHERE_ID}`, { name: 12 })
    const query = await call('GET', `/v2/locales?siteId=${NOWHERE_ID}&limit=not-a-number`)
    const bodyFirst = byStatus(body, 'a site update with a wrong type to a site that does not exist', [[404, false], [400, true]] as const)
    const accessFirst = refusesSiteAlone(query) || byStatus(query, 'a locale list with a malformed limit of a site that does not exist', [[400, false], [404, true]] as const)
    if (bodyFirst && accessFirst) throw new Unrecorded('a body fault went before access and access before a query fault: no order of the catalogue')
    order = bodyFirst ? 'input-first' : accessFirst ? 'access-first' : 'params-access-body'
    return order
  })
  await record('routeRulesOrder', async () => {
    if (order !== 'input-first') throw new Unrecorded(`the body is judged after access here (validationOrder ${order ?? 'not learned'}), the route rules with it, so where they are judged is no choice of its own`)
    // A pathname without its leading slash (the specification's "written with a leading slash"), to a route that does not exist.
    const found = either(await call('PATCH', `/v2/routes/${NOWHERE_ID}`, { pathname: `${tag}-route-rules` }), 'a route update with a pathname without its leading slash, to a route that does not exist', [400, 'with-body'] as const, [404, 'after-lookup'] as const)
    if (found === 'with-body') {
      // The slash judged with the body: the rest of the rules with it too, or once the route is found.
      // A pathname with its slash that a route create refuses tells (none where the rules refuse only the slash).
      const refused = await refusedRoutePathname(call, siteId, tag)
      if (refused === undefined) throw new Unrecorded('the route rules refuse no pathname that starts with / here (whitespace, an empty segment or a stray bracket), so where the rest of them is judged tells nothing')
      return either(await call('PATCH', `/v2/routes/${NOWHERE_ID}`, { pathname: refused }), 'a route update with a pathname the route rules refuse, to a route that does not exist', [400, 'with-body'] as const, [404, 'slash-with-body'] as const)
    }
    // Missing first, or taken by rules that add the slash: a route of the probes' site tells.
    if ((await madeRoute(call, siteId, `${tag}-route-rules`)) !== 400) throw new Unrecorded('a route pathname without its leading slash was taken on a route create, so the route rules refuse nothing that could tell where they are judged')
    return found
  })
  await record('pathRecordOrder', async () => {
    if (order !== 'params-access-body') throw new Unrecorded(`the body is judged on one side of access for every resource here (validationOrder ${order ?? 'not learned'}), so where a record named in the path is found missing is no choice of its own`)
    // A body fault on a page that does not exist, where a body fault on a site that does not exist was a 404.
    return either(await call('PATCH', `/v6/pages/${NOWHERE_ID}`, { name: 12 }), 'a page update with a wrong type to a page that does not exist', [404, 'with-access'] as const, [400, 'after-body'] as const)
  })
  await record('malformedPathName', async () => {
    // A name no body takes: a page pathname without its slash where a body's needs one, else a locale code no grammar has.
    const asPage = learned.pagePathnameForm !== 'any'
    const path = asPage ? `/v6/pages/no-slash?siteId=${siteId}` : `/v2/locales/not!a!code?siteId=${siteId}`
    const what = asPage ? 'a page pathname without its leading slash, in the path' : 'a locale code that no grammar has, in the path'
    const found = either(await call('GET', path), what, [400, 'refused'] as const, [404, 'looked-up'] as const)
    if (found === 'refused' || learned.malformedPathId !== '404') return found
    // Where a malformed parameter is a 404 too, in its place before the query: a query fault after it tells a name looked up, missing only once the query is judged.
    if (!asPage || order === 'access-first') throw new Unrecorded(`a malformed path parameter is a 404 here (malformedPathId 404), and ${asPage ? 'access is judged before any input (validationOrder access-first)' : 'a locale read has no query fault to tell the two'}: refused and looked up answer alike`)
    return either(await call('GET', `${path}&versionRef=not-a-ref`), `${what} with a versionRef no page has`, [404, 'refused'] as const, [400, 'looked-up'] as const)
  })
  await record('reachOrder', async () => {
    if (order === 'access-first') throw new Unrecorded("access is judged before any input here (validationOrder access-first), so where a key's reach is judged cannot be seen")
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    // A query fault on a list of a site that exists and the key does not reach: the 403 before it, or the 400.
    const unreached = keyOfSite === siteKey ? otherSiteId : siteId
    if (unreached instanceof Unrecorded) throw unreached
    const answer = await call('GET', `/v6/pages?siteId=${unreached}&limit=not-a-number`, undefined, keyOfSite)
    return either(answer, 'a page list with a malformed limit of a site the key does not reach', [403, 'first'] as const, [400, 'with-access'] as const)
  })
  await record('routePathnameCharacters', async () => {
    // A route pathname with brackets, then one with a letter outside ASCII: to a route that does not
    // exist, a deployment that judges the body first (validationOrder input-first) shows a refusal
    // without a route; else, and where it judges the pathname's grammar only once the route is found
    // (a handler's rule after the schema's), one is created, then deleted.
    const takes = async (sent: string, what: string): Promise<boolean> => {
      const nowhere = await call('PATCH', `/v2/routes/${NOWHERE_ID}`, { pathname: sent })
      if (nowhere.status === 400) return false
      const made = await call('POST', '/v2/routes', { siteId, pathname: sent })
      if (typeof made.body.id === 'string') await call('DELETE', `/v2/routes/${made.body.id}`)
      return either(made, what, [201, true], [400, false])
    }
    // Brackets refused: every character the rules judge refused, or letters of any script taken alone.
    if (!(await takes(`/${tag}-route/[slug]`, 'a route pathname with brackets'))) return (await takes(`/${tag}-route/café`, 'a route pathname with a letter outside ASCII')) ? 'letters' : 'refused'
    return (await takes(`/${tag}-route/café`, 'a route pathname with a letter outside ASCII')) ? 'accepted' : 'ascii-only'
  })
  await record('createBodyOrder', async () => {
    // A page create without its pathname for a site that does not exist: the body's 400 first, or the site's 404 (or its 400 naming siteId alone, unknownSiteReference invalid).
    const answer = await call('POST', '/v6/pages', { siteId: NOWHERE_ID, name: `${tag} without pathname` })
    const found = refusesSiteAlone(answer) ? 'validation-order' : either(answer, 'a page create without a pathname for a site that does not exist', [400, 'body-first'] as const, [404, 'validation-order'] as const)
    if (order === 'input-first') throw new Unrecorded('every body is judged before access (validationOrder input-first), so where a create judges its body cannot be seen')
    return found
  })
  await record('siteKeySiteList', async () => {
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    const answer = await call('GET', `/v2/sites?workspaceId=${target.workspaceId}`, undefined, keyOfSite)
    // --site-api-key may be of a site of another workspace, whose list is a 403 whatever the choice.
    if (answer.status === 403 && keyOfSite !== siteKey) throw new Unrecorded("a site list with --site-api-key answered 403: Site keys may be refused the list, or the key's site is of another workspace")
    return statusTold(answer, 'the site list of the workspace asked with a Site key', 'siteKeySiteList')
  })
  // A key refused for its kind, where the probes know one: the sites' publicApiKey where it is no Site key, or a deleted site's key that is a 403.
  const publicKeyRefused = ['forbidden', 'live-pages', 'published-pages', 'online-pages', 'single-resources', 'pages', 'site-and-pages', 'configuration', 'reads'].includes(learned.publicApiKeyAsSiteKey ?? 'site-key')
  let refusedKey: string | undefined = publicKeyRefused ? siteKey : undefined
  await record('deletedSiteKey', async () => {
    // Where the sites' publicApiKey is no Site key, a deleted site's publicApiKey is asked: a deployment that still knows a
    // deleted site's keys knows both alike (the mock follows so), unless the publicApiKey was never a key at all.
    if (keyOfSite !== siteKey && learned.publicApiKeyAsSiteKey === 'not-a-key') throw new Unrecorded("the sites' publicApiKey is no key here, so no key of a site the probes delete is known")
    const made = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name: `${tag} deleted key` })
    if (made.status !== 201 || typeof made.body.id !== 'string' || typeof made.body.publicApiKey !== 'string') throw new Unrecorded(`a site to delete could not be created (${made.status})`)
    const removed = await call('DELETE', `/v2/sites/${made.body.id}`)
    if (!ok(removed)) throw new Unrecorded(`the site made to delete could not be deleted (${removed.status})`)
    // The probes' own site, which exists: no accessOrder makes its read a 404 for a key that reaches nothing.
    const found = statusTold(await call('GET', `/v2/sites/${siteId}`, undefined, made.body.publicApiKey), "the probes' own site read with the key of a site deleted", 'deletedSiteKey')
    if (found === '403') refusedKey ??= made.body.publicApiKey
    return found
  })
  await record('keyKindOrder', async () => {
    if (refusedKey === undefined) throw new Unrecorded("no key the probes know is refused for its kind (the sites' publicApiKey is a Site key, a deleted site's key no key), so where such a refusal comes cannot be seen")
    // Where no read naming a site is refused to it, the site list and a site update (as for reads).
    return keyKindAlternative(call, refusedKey, tag, learned, pageId, refusedRead(learned))
  })
  // Before siteKeyWrites: a Site key refused every route request shows nothing of its route writes alone.
  await record('siteKeyRoutes', async () => {
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    if (learned.routeOperations === 'elsewhere') throw new Unrecorded('the route operations are served elsewhere (routeOperations elsewhere), so no route request with a Site key is seen')
    const ownSite = keyOfSite === siteKey ? siteId : (await siteOfKey(call, keyOfSite, target.workspaceId, tag)).siteId
    return statusTold(await call('GET', `/v2/routes?siteId=${ownSite}`, undefined, keyOfSite), "the route list of a Site key's own site, listed with it", 'siteKeyRoutes')
  })
  // After keyKindOrder: a Site key's route writes refused alone (routes-refused) are refused first where a key's kind is.
  await record('siteKeyWrites', async () => {
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    if (keyOfSite !== siteKey) return strangerKeyWrites(call, keyOfSite, target.workspaceId, tag, learned)
    const own = either(await call('PATCH', `/v6/pages/${pageId}`, { isOnline: true }, siteKey), 'a page update with the Site key of its own site', [200, 'allowed'] as const, [403, 'refused'] as const)
    if (own === 'allowed') {
      // A locale of its own site created with the key: refused where the key writes pages alone (pages-only), or all but locales (locales-refused).
      const locale = await call('POST', '/v2/locales', { siteId, locale: KEY_LOCALE }, siteKey)
      if (typeof locale.body.id === 'string') await call('DELETE', `/v2/locales/${locale.body.id}`)
      const locales = either(locale, 'a locale create with the Site key of its own site', [201, 'taken'] as const, [403, 'refused'] as const)
      // Where no route request with a Site key is seen (routes served elsewhere, or refused it), a key refused its locales writes pages alone either way.
      if (locales === 'refused' && (learned.routeOperations === 'elsewhere' || learned.siteKeyRoutes === 'refused')) return 'pages-only'
      // A route of its own site created with the key: taken as the pages are, or refused, alone or with the locales.
      if (learned.siteKeyRoutes === 'refused') throw new Unrecorded('a Site key is refused every route request (siteKeyRoutes refused), so whether its route writes alone are refused cannot be seen')
      const made = await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-key-route` }, siteKey)
      if (typeof made.body.id === 'string') await call('DELETE', `/v2/routes/${made.body.id}`)
      const routes = either(made, 'a route create with the Site key of its own site', [201, 'taken'] as const, [403, 'refused'] as const)
      if (locales === 'refused') return routes === 'taken' ? 'locales-refused' : 'pages-only'
      return routes === 'taken' ? 'allowed' : 'routes-refused'
    }
    // Refused first, a write is a 403 before its target is looked up: an update of a page that does not
    // exist says so, a 404 where access is judged on what was found. Where a Site key meets what does not
    // exist with a 403 anyway (accessOrder permission-first), or a key refused for its kind is refused
    // before any lookup (keyKindOrder first, after-input), an update of its own site with a hostOrigin of
    // the wrong type (its name the run's) does: a 403 before the body's 400. (That one alone reads a
    // deployment that judges a named site's access before its body, validationOrder params-access-body, as refusing first.)
    const first =
      learned.accessOrder === 'permission-first' || (learned.keyKindOrder !== undefined && learned.keyKindOrder !== 'with-access')
        ? either(await call('PATCH', `/v2/sites/${siteId}`, wrongOrigin, siteKey), "an update of the Site key's own site with a hostOrigin of the wrong type", [400, 'refused'] as const, [403, 'refused-first'] as const)
        : either(await call('PATCH', `/v6/pages/${NOWHERE_ID}`, { isOnline: true }, siteKey), 'a page update with a Site key of a page that does not exist', [404, 'refused'] as const, [403, 'refused-first'] as const)
    if (first === 'refused-first') return first
    // A locale of its own site created with the key: taken where the key is refused the pages alone (pages-refused).
    const locale = await call('POST', '/v2/locales', { siteId, locale: KEY_LOCALE }, siteKey)
    if (typeof locale.body.id === 'string') await call('DELETE', `/v2/locales/${locale.body.id}`)
    return either(locale, 'a locale create with the Site key of its own site, its page update refused', [201, 'pages-refused'] as const, [403, 'refused'] as const)
  })
  await record('siteIdBesideId', async () => {
    if (otherSiteId instanceof Unrecorded) throw otherSiteId
    const answer = await call('GET', `/v6/pages/${pageId}?siteId=${otherSiteId}`)
    // A 400 is the class's only where it names the siteId: another field named is another rule's.
    if (answer.status === 400 && !namesField(answer, 'siteId')) unexplained("the fields a 400 to a page read by id with another site's siteId names", answer.body.details)
    return statusTold(answer, "a page read by id with another site's siteId beside it", 'siteIdBesideId')
  })

  await record('unknownSiteReference', async () => {
    const answer = await call('GET', `/v2/locales?siteId=${NOWHERE_ID}`)
    // A 400 is the class's only where it names the siteId: another field named is another rule's.
    if (answer.status === 400 && !namesField(answer, 'siteId')) unexplained('the fields a 400 to a locale list of a siteId that names no site names', answer.body.details)
    if (either(answer, 'a locale list of a siteId that names no site', [404, 'not-found'] as const, [400, 'invalid'] as const) === 'not-found') return 'not-found'
    // Refused as input: everywhere, or where a list or a create names it alone, a lookup loading the live site (its 404).
    const lookup = await call('GET', `/v2/locales/${LACKED_LOCALE}?siteId=${NOWHERE_ID}`)
    return either(lookup, 'a locale read by code in a site that is not there', [400, 'invalid'] as const, [404, 'invalid-never-made'] as const)
  })

  // Learned from the list alone (a code of a real language and region the site lacks): a page read in such a locale is pageReadUnknownLocale's.
  await record('pageUnknownLocale', async () => {
    const answer = await call('GET', `/v6/pages?siteId=${siteId}&locale=${LACKED_LOCALE}`)
    if (answer.status === 200 && answer.body.data?.length === 0) return 'empty-list'
    return either(answer, 'a page list in a locale the site lacks', [400, '400'], [404, '404'])
  })
  await record('pageReadUnknownLocale', async () => {
    const answer = await call('GET', `/v6/pages/${pageId}?locale=${LACKED_LOCALE}`)
    if (answer.status === 200) return answer.body.id === pageId ? 'default' : unexplained('the id of the page a read in a locale the site lacks answered', answer.body.id)
    // Answered as the list (its 400, or a 404 where the list is a 404 or shows no page), or a refusal of its own where the list answers otherwise.
    const read = byStatus(answer, 'a page read in a locale the site lacks', [[400, '400'], [404, '404']] as const)
    const list = learned.pageUnknownLocale
    if (list === undefined || read === (list === '400' ? '400' : '404')) return 'as-list'
    // The read's own 400 is the class's where it names the locale: another field named is another rule's.
    if (read === '400' && !namesField(answer, 'locale')) unexplained(`the fields a 400 to a page read in a locale the site lacks (its list ${list}) names`, answer.body.details)
    return read
  })
  await record('unknownCursor', async () => {
    const answer = await call('GET', `/v2/locales?siteId=${siteId}&startingAfter=${NOWHERE_ID}`)
    if (answer.status !== 200) return byStatus(answer, 'a locale list after an id that names nothing', [[400, '400'], [404, '404']] as const)
    const listed = answer.body.data ?? []
    if (listed.length === 0) return 'empty-list'
    // Items listed: the cursor ignored, where they are the list's own first ones (the site's locales, from the start).
    const whole = await call('GET', `/v2/locales?siteId=${siteId}`)
    const ids = (items: typeof listed): string => JSON.stringify(items.map((item) => item.id))
    return ids(listed) === ids(whole.body.data ?? []) ? 'from-start' : unexplained('the ids a locale list after an id that names nothing listed', listed.map((item) => item.id))
  })
  await record('cursorOutsideList', async () => {
    // The first page's pathname is outside this prefix: its id names an item the list leaves out.
    // A page in the prefix after its place (in the list's order, by path) tells the items after that place from none.
    const prefix = `/${tag}-zz`
    const after = await call('POST', '/v6/pages', { siteId, pathname: `${prefix}-after`, name: `${tag} after` })
    try {
      const answer = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&pathPrefix=${encodeURIComponent(prefix)}&startingAfter=${pageId}`)
      if (answer.status !== 200) return byStatus(answer, 'a page list after a page its prefix leaves out', [[400, '400'], [404, '404']] as const)
      if (after.status !== 201) throw new Unrecorded(`a page after the cursor's place could not be created (${after.status}), so the items after it cannot be told from none`)
      const listed = answer.body.data ?? []
      return listed.some((page) => page.id === after.body.id) ? 'after-place' : listed.length === 0 ? 'empty-list' : unexplained('the ids listed after a page its prefix leaves out', listed.map((page) => page.id))
    } finally {
      if (typeof after.body.id === 'string') await call('DELETE', `/v6/pages/${after.body.id}`)
    }
  })
  await record('foreignCursor', async () => {
    // The probes' page as the cursor of their other site's list, where a page after its place (by
    // path) tells the items after that place from none; where that is answered as an item the list
    // leaves out, a Site key's list of its own site after a page of a site it does not reach.
    if (otherSiteId instanceof Unrecorded) throw otherSiteId
    const after = await call('POST', '/v6/pages', { siteId: otherSiteId, pathname: `/${tag}-zz-foreign`, name: `${tag} foreign` })
    try {
      if (after.status !== 201) throw new Unrecorded(`a page of the probes' other site could not be created (${after.status}), so the items after the cursor's place cannot be told from none`)
      const answer = await call('GET', `/v6/pages?siteId=${otherSiteId}&includeOffline=true&startingAfter=${pageId}`)
      const shown = answer.status !== 200 ? byStatus(answer, "a page list after a page of another site", [[400, '400'], [404, '404']] as const) : (answer.body.data ?? []).length === 0 ? 'empty-list' : 'as-outside'
      // Items after it are cursorOutsideList's after-place; any answer that choice gives is its own reading too.
      if (shown === 'as-outside' && learned.cursorOutsideList !== undefined && learned.cursorOutsideList !== 'after-place') unexplained('with items listed after a page of another site, what an item the list leaves out gets', learned.cursorOutsideList)
      if (shown !== 'as-outside' && shown !== learned.cursorOutsideList) return shown
      // The App key reaches the other site, so a deployment that refuses a page the key does not reach
      // (refused-unreached, a 403) answers it so too: a Site key's list after such a page tells them
      // apart. With no Site key known, the App key's answer stands.
      if (keyOfSite instanceof Unrecorded) return 'as-outside'
      // The probes' own site after their other site's page, or --site-api-key's site after the probes' own page.
      const [listed, cursor] = keyOfSite === siteKey ? [siteId, String(after.body.id)] : [(await siteOfKey(call, keyOfSite, target.workspaceId, tag)).siteId, pageId]
      const unreached = await call('GET', `/v6/pages?siteId=${listed}&includeOffline=true&startingAfter=${cursor}`, undefined, keyOfSite)
      return unreached.status === 403 ? 'refused-unreached' : 'as-outside'
    } finally {
      if (typeof after.body.id === 'string') await call('DELETE', `/v6/pages/${after.body.id}`)
    }
  })
  await record('deletedCursor', async () => {
    // Three pages in a prefix of their own, the second deleted: its id names an item a delete removed,
    // and the third, after its place by path, tells the items after that place from an id of nothing;
    // the first, before it, tells them from a list from its start (an id of nothing ignored: unknownCursor from-start).
    const prefix = `/${tag}-gone`
    const before = await call('POST', '/v6/pages', { siteId, pathname: `${prefix}-0`, name: `${tag} before the deleted` })
    const gone = await call('POST', '/v6/pages', { siteId, pathname: `${prefix}-a`, name: `${tag} deleted` })
    const after = await call('POST', '/v6/pages', { siteId, pathname: `${prefix}-b`, name: `${tag} after the deleted` })
    // The deleted page until its delete, which the probe makes at the point it needs it.
    let left: unknown = gone.body.id
    try {
      if (before.status !== 201 || gone.status !== 201 || after.status !== 201) throw new Unrecorded(`three pages could not be created (${before.status}, ${gone.status}, ${after.status}), so no list goes on after a deleted one`)
      const removed = await call('DELETE', `/v6/pages/${gone.body.id}`)
      if (removed.status >= 300) throw new Unrecorded(`a page of the probes could not be deleted (${removed.status})`)
      left = undefined
      const answer = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&sortBy=path&pathPrefix=${encodeURIComponent(prefix)}&startingAfter=${gone.body.id}`)
      // An id of nothing, as unknownCursor answers it: a 400, a 404, an empty page or the list from its start.
      if (answer.status !== 200) return byStatus(answer, 'a page list after a page a delete removed', [[400, 'unknown'], [404, 'unknown']] as const)
      const listed = (answer.body.data ?? []).map((page) => page.id)
      if (listed.length === 0 || (listed[0] === before.body.id && listed.includes(after.body.id))) return 'unknown'
      return listed.length === 1 && listed[0] === after.body.id ? 'after-place' : unexplained('the ids listed after a page a delete removed', listed)
    } finally {
      for (const id of [before.body.id, left, after.body.id]) if (typeof id === 'string') await call('DELETE', `/v6/pages/${id}`)
    }
  })
  await record('pagePublishing', async () => {
    // The probes' page goes offline, then online. Never published before, it has a live version
    // after only where going online publishes; published as it was created (newPagePublished), its
    // publication time moves only where going online publishes again.
    const before = (await call('GET', `/v6/pages/${pageId}`)).body.publishedAt
    const off = await call('PATCH', `/v6/pages/${pageId}`, { isOnline: false })
    // Past the instant of the publication, for a clock of seconds too.
    if (before !== null) await sleep(1_050)
    const on = await call('PATCH', `/v6/pages/${pageId}`, { isOnline: true })
    if (off.status !== 200 || on.status !== 200) throw new Unrecorded(`the probes' page could not be turned offline and online (${off.status}, ${on.status})`)
    if (before !== null) return on.body.publishedAt === before ? 'control-plane' : 'going-online'
    return either(await call('GET', `/v6/pages/${pageId}?versionRef=ref:live`), 'the live version of a page turned offline, then online', [404, 'control-plane'], [200, 'going-online'])
  })
  await record('liveVersion', async () => {
    // The page, published by now where the API publishes at all, moved while online: its live version moves with it only where it is the page as it is.
    const home = (await call('GET', `/v6/pages/${pageId}`)).body.pathname
    if (typeof home !== 'string') throw new Unrecorded("the probes' page could not be read")
    const moved = await call('PATCH', `/v6/pages/${pageId}`, { pathname: `${home}-now` })
    const live = await call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
    if (moved.status === 200) await call('PATCH', `/v6/pages/${pageId}`, { pathname: home })
    if (moved.status !== 200) throw new Unrecorded(`the probes' page could not be moved (${moved.status})`)
    if (live.status === 404) throw new Unrecorded('no operation of the API published the probes\' page (pagePublishing control-plane, newPagePublished unpublished), so its live version cannot be seen')
    if (live.status !== 200) return unexplained('the live version of a published page', live.status)
    return live.body.pathname === `${home}-now` ? 'current' : 'snapshot'
  })
  await record('offlineLiveVersion', async () => {
    // The page, published by now where the API publishes at all, goes offline: its live version is then kept, shown offline, or withdrawn until it goes online again.
    const published = await call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
    if (published.status === 404) throw new Unrecorded("no operation of the API published the probes' page (pagePublishing control-plane, newPagePublished unpublished), so no live version can go offline")
    const off = await call('PATCH', `/v6/pages/${pageId}`, { isOnline: false })
    try {
      if (off.status !== 200) throw new Unrecorded(`the probes' page could not be turned offline (${off.status})`)
      const live = await call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
      if (live.status === 404) return 'withdrawn'
      if (live.status !== 200) return unexplained('the live version of a published page turned offline', live.status)
      if (live.body.isOnline !== false) throw new Unrecorded("the live version of the probes' page stayed online as the page went offline (pagePublishing control-plane, liveVersion snapshot), so no live version went offline")
      return 'kept'
    } finally {
      // Back online, as the later probes found it.
      if (off.status === 200) await call('PATCH', `/v6/pages/${pageId}`, { isOnline: true })
    }
  })
  await record('onlineUpdatedAt', async () => {
    // After the publication probes, which leave the page online: it goes to the other state and back.
    const before = await call('GET', `/v6/pages/${pageId}`)
    const online = before.body.isOnline
    if (before.status !== 200 || typeof online !== 'boolean') throw new Unrecorded(`the probes' page could not be read (${before.status})`)
    // Past the instant of the last change (the page's own instants tell the tick: a second, a tenth, a millisecond).
    await sleep(pastTickMs(clockTickMs([before.body.createdAt, before.body.updatedAt, before.body.publishedAt])))
    // Each direction may choose its own way: the page goes to the other state, and back (the state the later probes found it in).
    const turn = async (to: boolean, from: Answer): Promise<{ kept: boolean; after: Answer }> => {
      const way = to ? 'online' : 'offline'
      const turned = await call('PATCH', `/v6/pages/${pageId}`, { isOnline: to })
      if (turned.status !== 200) throw new Unrecorded(`turning the probes' page ${way} answered ${turned.status}`)
      const after = await call('GET', `/v6/pages/${pageId}`)
      if (after.status !== 200) throw new Unrecorded(`the probes' page could not be read after turning it ${way} (${after.status})`)
      return { kept: after.body.updatedAt === from.body.updatedAt, after }
    }
    const first = await turn(!online, before)
    await sleep(pastTickMs(clockTickMs([first.after.body.createdAt, first.after.body.updatedAt, first.after.body.publishedAt])))
    const back = (await turn(online, first.after)).kept
    const [goingOnline, goingOffline] = online ? [back, first.kept] : [first.kept, back]
    return onlineUpdatedAtOf(goingOnline, goingOffline)
  })
  await record('onlineRepublish', async () => {
    if (learned.pagePublishing !== 'going-online') throw new Unrecorded(`no page update publishes here (pagePublishing ${learned.pagePublishing ?? 'not learned'}), so whether isOnline: true publishes a page already online again cannot be seen`)
    const before = await call('GET', `/v6/pages/${pageId}`)
    const home = before.body.pathname
    if (before.status !== 200 || typeof home !== 'string' || before.body.isOnline !== true) throw new Unrecorded(`the probes' page could not be read online (${before.status})`)
    // Its draft moved while online, then isOnline: true sent with the draft's own pathname: the live
    // version is the moved draft, published anew, only where that publishes again.
    const moved = `${home}-again`
    const edited = await call('PATCH', `/v6/pages/${pageId}`, { pathname: moved })
    try {
      if (edited.status !== 200) throw new Unrecorded(`the probes' page could not be moved (${edited.status})`)
      // Past the instant of the last publication (the page's own instants tell the tick).
      await sleep(pastTickMs(clockTickMs([before.body.createdAt, before.body.updatedAt, before.body.publishedAt])))
      const sent = await call('PATCH', `/v6/pages/${pageId}`, { pathname: moved, isOnline: true })
      if (sent.status !== 200) throw new Unrecorded(`isOnline: true sent to the probes' online page answered ${sent.status}`)
      const live = await call('GET', `/v6/pages/${pageId}?versionRef=ref:live`)
      if (live.status !== 200) return unexplained('the live version of a page published by going online', live.status)
      const republished = live.body.publishedAt !== before.body.publishedAt
      // A live version that is a snapshot shows the moved draft exactly where it was published again.
      if (learned.liveVersion !== 'current' && republished !== (live.body.pathname === moved)) unexplained('the live pathname of a page sent isOnline: true while online, beside its publishedAt', [live.body.pathname, live.body.publishedAt])
      return republished ? 'republishes' : 'unchanged'
    } finally {
      // Back where it was; published again with it, where isOnline: true publishes.
      if (edited.status === 200) await call('PATCH', `/v6/pages/${pageId}`, { pathname: home, isOnline: true })
    }
  })
}

/**
 * Where a key refused for its kind is refused (keyKindOrder), told by requests with it that also
 * break another rule: a malformed site id, a site that does not exist, a page create without its
 * pathname for such a site, an update of the probes' own page with a name of the wrong type.
 * Refused where access is judged, one of them is a 400 or 404 unless access comes before any
 * input and before existence (validationOrder access-first, accessOrder permission-first,
 * createBodyOrder validation-order), where every one is the 403 either way. Refused once the
 * input is judged (after-input), the update is a 400 and the site that does not exist a 403: with
 * access, the update's body goes before the key's kind only where the whole input goes first
 * (validationOrder input-first), where the two differ only where existence wins (a 404).
 */
async function keyKindAlternative(call: ProbeSite['call'], key: string, tag: string, learned: Readonly<Choices>, pageId: string, read: ((site: string) => string) | undefined): Promise<NonNullable<Choices['keyKindOrder']>> {
  // Where it reads all a Site key reads (reads), or no read naming a site is refused to it: the site list of a malformed workspace id, and an update of a site that does not exist (its name the run's were it taken).
  const answers =
    learned.publicApiKeyAsSiteKey === 'reads' || read === undefined
      ? [await call('GET', '/v2/sites?workspaceId=not-a-uuid', undefined, key), await call('PATCH', `/v2/sites/${NOWHERE_ID}`, { name: `${tag} choices` }, key)]
      : [await call('GET', read('not-a-uuid'), undefined, key), await call('GET', read(NOWHERE_ID), undefined, key)]
  answers.push(await call('POST', '/v6/pages', { siteId: NOWHERE_ID, name: `${tag} without pathname` }, key))
  const update = await call('PATCH', `/v6/pages/${pageId}`, { name: 12 }, key)
  if (byStatus(update, "an update of the probes' own page with a key refused for its kind and a name of the wrong type", [[400, true], [403, false]] as const)) {
    const missing = byStatus(answers[1]!, 'a request about a site that does not exist with a key refused for its kind', [[403, 'after-input'], [404, 'with-access']] as const)
    // With access, such a key waits for a target that does not exist where existence wins (its 404).
    if (missing === 'with-access' || existenceWins(learned) || (learned.validationOrder !== undefined && learned.validationOrder !== 'input-first')) return missing
    throw new Unrecorded('the whole input may be judged before access here (validationOrder input-first, or not known), and existence is not known to win: refused with access or once the input is judged, a key refused for its kind answers alike')
  }
  const other = answers.find((answer) => answer.status !== 403)
  // A page create naming a site that does not exist, refused 403 where access waits for that site
  // (existence wins) or for the create's body (body-first): the kind goes before both. The reads
  // naming a site by its path that came first are the deployment's own (a site loaded before any
  // rule of the operation, as a router's plug does); the writes, which most requests are, say where.
  const kindBeforeCreate = answers[2]!.status === 403 && (existenceWins(learned) || learned.createBodyOrder === 'body-first')
  if (other !== undefined) return kindBeforeCreate && answers.indexOf(other) < 2 ? 'first' : byStatus(other, 'a request with a key refused for its kind that breaks another rule', [[400, 'with-access'], [404, 'with-access']] as const)
  const seen = learned.validationOrder !== undefined && (learned.validationOrder !== 'access-first' || (learned.accessOrder !== undefined && learned.accessOrder !== 'permission-first') || learned.createBodyOrder === 'body-first')
  if (!seen) throw new Unrecorded('access is judged before any input and before existence here (or that order is not known), so a key refused for its kind is a 403 wherever it is refused')
  return 'first'
}

/**
 * A read naming a site that a key refused for its kind is refused, by what the sites' publicApiKey
 * reads: the site's own read where it reads no site (a deleted site's key, where the publicApiKey
 * is the Site key, reads none either); where it does (publicApiKeyAsSiteKey
 * single-resources, site-and-pages, or a key for the site's pages that reads the site too,
 * publicApiKeySiteRead read), a list of the site's locales (of its drafts, where a key for its pages
 * as published reads those too, publicApiKeyLocales read); where it reads those too, a list of the
 * site's pages (configuration), or, where it reads the online ones (online-pages), one asking the
 * offline ones too, or a list of the site's routes where it does not see those, or reads them
 * (publicApiKeyOfflinePages hidden, read). None where it reads the routes too.
 */
function refusedRead(learned: Readonly<Choices>): ((site: string) => string) | undefined {
  const reads = learned.publicApiKeyAsSiteKey
  const readsSite = reads === 'single-resources' || reads === 'site-and-pages' || reads === 'configuration' || learned.publicApiKeySiteRead === 'read'
  if (!readsSite) return (site) => `/v2/sites/${site}`
  if (reads === 'configuration') return (site) => `/v6/pages?siteId=${site}`
  // A key for the pages as published that reads the locales too (publicApiKeyLocales read) is refused their drafts.
  if ((reads === 'live-pages' || reads === 'published-pages') && learned.publicApiKeyLocales === 'read') return (site) => `/v6/pages?siteId=${site}&versionRef=ref:draft`
  if (reads !== 'online-pages') return (site) => `/v2/locales?siteId=${site}`
  if (learned.publicApiKeyOfflinePages !== 'hidden' && learned.publicApiKeyOfflinePages !== 'read') return (site) => `/v6/pages?siteId=${site}&includeOffline=true`
  return learned.publicApiKeyRoutes === 'refused' ? (site) => `/v2/routes?siteId=${site}` : undefined
}

/**
 * What a site's publicApiKey is here (publicApiKeyAsSiteKey), told by reads of the probes' own site
 * with it. A key that reads the site's pages may read the site itself too (publicApiKeySiteRead
 * read): the site's read tells apart the keys that read no page, and, of those that read them, a
 * read a Site key makes and such a key is refused tells it from a Site key; where it reads all a
 * Site key reads of it and the Site key given is apart from it, what it is refused tells
 * (apartReaderAlternative).
 */
async function publicKeyAlternative({ call, target, siteId, siteKey: key }: Pick<ProbeSite, 'call' | 'target' | 'siteId' | 'siteKey'>, pageId: string): Promise<NonNullable<Choices['publicApiKeyAsSiteKey']>> {
  const pages = byStatus(await call('GET', `/v6/pages?siteId=${siteId}`, undefined, key), "the pages of the probes' own site read with its publicApiKey as the key", [[200, 'read'], [403, 'refused'], [401, 'not-a-key']] as const)
  if (pages === 'not-a-key') return pages
  const site = either(await call('GET', `/v2/sites/${siteId}`, undefined, key), "the probes' own site read with its publicApiKey as the key", [200, 'read'] as const, [403, 'refused'] as const)
  const locales = async (): Promise<'read' | 'refused'> => either(await call('GET', `/v2/locales?siteId=${siteId}`, undefined, key), "the locales of the probes' own site listed with its publicApiKey as the key", [200, 'read'] as const, [403, 'refused'] as const)
  const drafts = async (): Promise<'published-pages' | 'pages'> =>
    either(await call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:draft`, undefined, key), "the draft pages of the probes' own site listed with its publicApiKey as the key", [403, 'published-pages'] as const, [200, 'pages'] as const)
  if (pages === 'read') {
    // Its pages and its locales read: a key for rendering the site, refused it unless it reads it too, or a Site key;
    // or, its drafts refused, a key for its pages as published that reads its locales too (publicApiKeyLocales read).
    if ((await locales()) === 'read') {
      if ((await drafts()) === 'published-pages') return 'published-pages'
      if (site === 'refused') return 'online-pages'
      const found = await siteKeyOrRendering(call, siteId, key, target.tag)
      // Read as a Site key would, unless the Site key given shows the two apart.
      return found === 'site-key' && (await siteKeyApart(call, target)) ? apartReaderAlternative(call, siteId, key, pageId, target.tag) : found
    }
    // Refused its locales: a key that reads its pages alone, as published or in any version, which a
    // list of the drafts tells; in any version, with its site, one for rendering and previewing it.
    const version = await drafts()
    return version === 'pages' && site === 'read' ? 'site-and-pages' : version
  }
  // Refused its pages: one for the site's live pages alone, which a list that asks for them tells,
  const live = either(await call('GET', `/v6/pages?siteId=${siteId}&versionRef=ref:live`, undefined, key), "the live pages of the probes' own site listed with its publicApiKey as the key", [200, 'live-pages'] as const, [403, 'refused'] as const)
  if (live === 'live-pages') return live
  // a key refused everything, or, its site read, one that fetches single resources alone, refused
  // every list, or one that reads the site's configuration alone, which lists the site's locales.
  if (site === 'refused') return 'forbidden'
  return (await locales()) === 'read' ? 'configuration' : 'single-resources'
}

/**
 * A key that reads the probes' own site, its pages and its locales: a Site key, or a key for
 * rendering the site that reads the site too (online-pages, publicApiKeySiteRead read), which the
 * site's pages asked with the offline ones tell: refused them, or shown fewer than the App key is
 * (publicApiKeyOfflinePages hidden, where the site has an offline page). Such a key that reads the
 * offline pages too (publicApiKeyOfflinePages read) reads all a Site key reads of the site but its
 * routes: it answers as `reads` does, and is learned as a Site key here, or as `reads` where the
 * Site key given shows the two apart (apartReaderAlternative).
 */
async function siteKeyOrRendering(call: ProbeSite['call'], siteId: string, key: string, tag: string): Promise<'site-key' | 'online-pages'> {
  return withOfflinePage(call, siteId, tag, async () => {
    const path = `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100`
    const asKey = await call('GET', path, undefined, key)
    if (either(asKey, "the pages of the probes' own site, offline ones asked too, listed with its publicApiKey as the key", [403, true] as const, [200, false] as const)) return 'online-pages'
    const all = await call('GET', path)
    return (asKey.body.data?.length ?? 0) < (all.body.data?.length ?? 0) ? 'online-pages' : 'site-key'
  })
}

/**
 * Runs `body` while the probes' own site holds an offline page, so that a key that does not see
 * offline pages lists fewer than the App key (where new pages start online, none would be offline):
 * a page of the probes' own, turned offline where it starts online, and deleted afterwards.
 */
async function withOfflinePage<T>(call: ProbeSite['call'], siteId: string, tag: string, body: () => Promise<T>): Promise<T> {
  const made = await call('POST', '/v6/pages', { siteId, pathname: `/${tag}-offline`, name: `${tag} offline` })
  const id = typeof made.body.id === 'string' ? made.body.id : undefined
  try {
    if (id !== undefined && made.body.isOnline === true) await call('PATCH', `/v6/pages/${id}`, { isOnline: false })
    return await body()
  } finally {
    if (id !== undefined) await call('DELETE', `/v6/pages/${id}`)
  }
}

/**
 * Whether the Site key given (--site-api-key) shows the sites' publicApiKey kept apart from their
 * Site keys: it is no publicApiKey of its own site. Without it nothing does.
 */
async function siteKeyApart(call: ProbeSite['call'], target: ProbeSite['target']): Promise<boolean> {
  if (target.siteApiKey === undefined) return false
  return !(await siteOfKey(call, target.siteApiKey, target.workspaceId, target.tag)).publicKey
}

/**
 * What a publicApiKey is that reads its site, its locales and its pages, where its site's Site key
 * is another key: one for rendering the site's online pages, refused a list asking the offline
 * ones too, or not shown the offline pages the App key lists (online-pages: whether it reads its
 * site is no concern of this class); else one refused every write (reads; a key for rendering the
 * site that reads its offline pages and the site too answers alike), or a second Site key of
 * its site (site-key), which an update of the probes' own page with its pathname a one-item list, a
 * type no body takes, tells: refused, or let through to its body's 400 (secondSiteKey). Nothing
 * changes either way.
 */
async function apartReaderAlternative(call: ProbeSite['call'], siteId: string, key: string, pageId: string, tag: string): Promise<'online-pages' | 'reads' | 'site-key'> {
  const path = `/v6/pages?siteId=${siteId}&includeOffline=true`
  const offline = await call('GET', path, undefined, key)
  if (either(offline, "the pages of the probes' own site, offline ones asked too, listed with its publicApiKey as the key", [200, 'listed'] as const, [403, 'refused'] as const) === 'refused') return 'online-pages'
  // Listed without a page the App key lists: the offline pages are invisible to it (publicApiKeyOfflinePages hidden).
  const seen = new Set(idsOf(offline))
  if (idsOf(await call('GET', path)).some((id) => !seen.has(id))) return 'online-pages'
  const pathname = (await call('GET', `/v6/pages/${pageId}`)).body.pathname
  if (typeof pathname !== 'string') throw new Unrecorded("the probes' page could not be read")
  const sham = await call('PATCH', `/v6/pages/${pageId}`, { pathname: [pathname] }, key)
  const written = either(sham, "an update of the probes' own page with its publicApiKey and a pathname of a type no body takes", [403, 'reads'] as const, [400, 'let through'] as const)
  return written === 'reads' ? written : secondSiteKey(call, key, tag)
}

/**
 * Whether a publicApiKey whose sham update earned its body's 400 is a second Site key: where a key
 * refused for its kind is refused once the input is judged (keyKindOrder after-input), an update of
 * a page that does not exist with a body a deployment takes is a 403 before any lookup (reads), a
 * Site key's a 404; and where the whole input goes before access (validationOrder input-first) the
 * App key's sham update of such a page is a 400 too, and the key's 400 tells nothing.
 */
async function secondSiteKey(call: ProbeSite['call'], key: string, tag: string): Promise<'reads' | 'site-key'> {
  const nowhere = await call('PATCH', `/v6/pages/${NOWHERE_ID}`, { pathname: `/${tag}-nowhere` }, key)
  if (either(nowhere, 'an update of a page that does not exist with the publicApiKey', [403, 'refused'] as const, [404, 'looked up'] as const) === 'refused') return 'reads'
  const inputFirst = byStatus(await call('PATCH', `/v6/pages/${NOWHERE_ID}`, { pathname: [`/${tag}-nowhere`] }), 'an update of a page that does not exist with a pathname of a type no body takes', [[404, false], [400, true]] as const)
  if (inputFirst) throw new Unrecorded('the whole input is judged before access here: the 400 of an update with the publicApiKey and a pathname of a type no body takes tells no Site key from a key refused every write')
  return 'site-key'
}

const idsOf = (answer: Answer): string[] => (answer.body.data ?? []).map((item) => String(item.id))
