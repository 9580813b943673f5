import type { Choices } from '../contracts/choices.js'
import { byStatus, either, NOWHERE_ID, sleep, Unrecorded, unexplained, type Answer, type ProbeSite } from './choices-probe-kit.js'

/** Lookups, cursors, which error wins, and what a Site key may do. */
export async function probeLookups({ call, record, target, siteId, siteKey, otherSiteId }: ProbeSite, pageId: string): Promise<void> {
  const { tag } = target
  await record('routeOperations', async () => either(await call('GET', `/v2/routes?siteId=${siteId}`), "the route list of the probes' own site", [200, 'served'], [404, 'elsewhere']))
  await record('malformedPathId', async () => either(await call('GET', '/v2/sites/not-a-uuid'), 'a malformed site id in the path', [400, '400'], [404, '404']))
  let keyOfSite: string | Unrecorded = siteKey
  // A site update no deployment takes, whose name keeps the run's tag were it taken.
  const wrongOrigin = { name: `${tag} choices`, hostOrigin: 12 }
  await record('publicApiKeyAsSiteKey', async () => {
    const read = await call('GET', `/v6/pages?siteId=${siteId}`, undefined, siteKey)
    const pages = byStatus<Choices['publicApiKeyAsSiteKey'] | 'refused'>(read, "the pages of the probes' own site read with its publicApiKey as the key", [[200, 'site-key'], [403, 'refused'], [401, 'not-a-key']])
    // A 403 there is a Site key some reads refuse, or a key refused everything: a Site key reads its own site.
    const found = pages !== 'refused' ? pages : either(await call('GET', `/v2/sites/${siteId}`, undefined, siteKey), "the probes' own site read with its publicApiKey as the key", [200, 'site-key'] as const, [403, 'forbidden'] as const)
    // The probes' own site then has no Site key they know: --site-api-key, of a site they did not make, asks what a Site key meets.
    if (found !== 'site-key') keyOfSite = target.siteApiKey ?? new Unrecorded("the sites' publicApiKey is no Site key here, and no --site-api-key was given to ask with")
    return found
  })
  await record('accessOrder', async () => {
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    return either(await call('GET', `/v2/sites/${NOWHERE_ID}`, undefined, keyOfSite), 'a Site key asking for a site that does not exist', [403, 'permission-first'], [404, 'existence-first'])
  })
  let order: Choices['validationOrder']
  await record('validationOrder', async () => {
    // A body fault on a site that does not exist: 404 unless input goes first; a query fault on a list of a site that does not exist: 400 unless access goes first.
    const body = await call('PATCH', `/v2/sites/${NOWHERE_ID}`, { name: 12 })
    const query = await call('GET', `/v2/locales?siteId=${NOWHERE_ID}&limit=not-a-number`)
    const bodyFirst = byStatus(body, 'a site update with a wrong type to a site that does not exist', [[404, false], [400, true]] as const)
    const accessFirst = byStatus(query, 'a locale list with a malformed limit of a site that does not exist', [[400, false], [404, true]] as const)
    if (bodyFirst && accessFirst) throw new Unrecorded('a body fault went before access and access before a query fault: no order of the catalogue')
    order = bodyFirst ? 'input-first' : accessFirst ? 'access-first' : 'params-access-body'
    return order
  })
  await record('routePathnameCharacters', async () => {
    // A route pathname with brackets, then one with a letter outside ASCII: to a route that does not
    // exist, a deployment that judges the body first (validationOrder input-first) shows its rule
    // without a route; else one is created, then deleted.
    const takes = async (sent: string, what: string): Promise<boolean> => {
      const nowhere = await call('PATCH', `/v2/routes/${NOWHERE_ID}`, { pathname: sent })
      if (nowhere.status === 400) return false
      if (order === 'input-first' && nowhere.status === 404) return true
      const made = await call('POST', '/v2/routes', { siteId, pathname: sent })
      if (typeof made.body.id === 'string') await call('DELETE', `/v2/routes/${made.body.id}`)
      return either(made, what, [201, true], [400, false])
    }
    if (!(await takes(`/${tag}-route/[slug]`, 'a route pathname with brackets'))) return 'refused'
    return (await takes(`/${tag}-route/café`, 'a route pathname with a letter outside ASCII')) ? 'accepted' : 'ascii-only'
  })
  await record('createBodyOrder', async () => {
    // A page create without its pathname for a site that does not exist: the body's 400 first, or the site's 404.
    const answer = await call('POST', '/v6/pages', { siteId: NOWHERE_ID, name: `${tag} without pathname` })
    const found = either(answer, 'a page create without a pathname for a site that does not exist', [400, 'body-first'] as const, [404, 'validation-order'] as const)
    if (order === 'input-first') throw new Unrecorded('every body is judged before access (validationOrder input-first), so where a create judges its body cannot be seen')
    return found
  })
  await record('siteKeyWrites', async () => {
    if (keyOfSite !== siteKey) return refusedFirstOrUnseen(keyOfSite)
    const own = either(await call('PATCH', `/v6/pages/${pageId}`, { isOnline: true }, siteKey), 'a page update with the Site key of its own site', [200, 'allowed'] as const, [403, 'refused'] as const)
    if (own === 'allowed') return own
    // An update of its own site with a hostOrigin of the wrong type (its name the run's): a 403 before the body's 400 says every write is refused first.
    return either(await call('PATCH', `/v2/sites/${siteId}`, wrongOrigin, siteKey), "an update of the Site key's own site with a hostOrigin of the wrong type", [400, 'refused'] as const, [403, 'refused-first'] as const)
  })
  await record('siteKeySiteList', async () => {
    if (keyOfSite instanceof Unrecorded) throw keyOfSite
    const answer = await call('GET', `/v2/sites?workspaceId=${target.workspaceId}`, undefined, keyOfSite)
    // --site-api-key may be of a site of another workspace, whose list is a 403 whatever the choice.
    if (answer.status === 403 && keyOfSite !== siteKey) throw new Unrecorded("a site list with --site-api-key answered 403: Site keys may be refused the list, or the key's site is of another workspace")
    return either(answer, 'the site list of the workspace asked with a Site key', [403, 'refused'] as const, [200, 'own-site'] as const)
  })
  /**
   * --site-api-key is of a site the probes did not make, so no write of theirs may reach it: a
   * write with it to a locale that exists nowhere (no site to judge, so a 404 whatever the
   * accessOrder), with a code of the wrong type, is a 403 only when every Site key write is
   * refused first, where the deployment otherwise answers the 404 or the 400.
   */
  async function refusedFirstOrUnseen(key: string | Unrecorded): Promise<Choices['siteKeyWrites']> {
    if (key instanceof Unrecorded) throw key
    const answer = await call('PATCH', `/v2/locales/${NOWHERE_ID}`, { locale: 12 }, key)
    if (answer.status === 403) return 'refused-first'
    throw new Unrecorded(`the sites' publicApiKey is no Site key here, and a write with --site-api-key to a locale that does not exist answered ${answer.status}, so whether a Site key may write to its own site cannot be seen`)
  }
  await record('siteIdBesideId', async () => {
    if (otherSiteId instanceof Unrecorded) throw otherSiteId
    return either(await call('GET', `/v6/pages/${pageId}?siteId=${otherSiteId}`), "a page read by id with another site's siteId beside it", [404, 'checked'], [200, 'ignored'])
  })

  const locales = await call('GET', `/v2/locales?siteId=${siteId}`)
  const defaultLocale = locales.body.data?.find((locale) => locale.isDefault === true)
  // What a restore of a live locale answered by its id, and by its code (choice restoreByCode).
  let liveById: string | undefined
  let byCodeAnswer: Answer | undefined
  await record('restoreLiveLocale', async () => {
    // A locale of the probes' own (the site's default was not created by them, so no write may name it).
    const code = defaultLocale?.locale === 'fr-CA' ? 'fr-BE' : 'fr-CA'
    const added = await call('POST', '/v2/locales', { siteId, locale: code })
    if (added.status !== 201 || typeof added.body.id !== 'string') throw new Unrecorded(`a locale could not be added to restore while live (${added.status})`)
    try {
      const byId = byStatus(await call('POST', `/v2/locales/${added.body.id}/restore`), 'restoring a live locale', [[409, '409'], [404, '404'], [200, '200']] as const)
      byCodeAnswer = await call('POST', `/v2/locales/${code}/restore?siteId=${siteId}`)
      liveById = byId
      return byId
    } finally {
      // The later probes (the locales' order) find the site's locales as they were.
      await call('DELETE', `/v2/locales/${added.body.id}`)
    }
  })
  await record('restoreByCode', async () => {
    if (liveById === undefined || byCodeAnswer === undefined) throw new Unrecorded('a live locale could not be restored by its id, so what a code names cannot be told apart')
    if (liveById === '404') throw new Unrecorded('a live locale is not found by its id either (restoreLiveLocale 404), so what a code names cannot be told apart')
    return byCodeAnswer.status === 404 ? 'deleted-only' : byCodeAnswer.status === Number(liveById) ? 'any-locale' : unexplained('a restore of a live locale by its code', byCodeAnswer.status)
  })
  /** A locale of the probes' own with this code, added and deleted: the code, for what a deleted locale holds. */
  const deletedLocale = async (code: string): Promise<string> => {
    const made = await call('POST', '/v2/locales', { siteId, locale: code })
    if (made.status !== 201 || typeof made.body.id !== 'string') throw new Unrecorded(`a locale could not be added to delete (${made.status})`)
    await call('DELETE', `/v2/locales/${made.body.id}`)
    return code
  }
  await record('deletedLocaleCode', async () => {
    // A locale of the probes' own, deleted, then created again with its code; deleted after.
    const code = await deletedLocale(defaultLocale?.locale === 'sv-SE' ? 'sv-FI' : 'sv-SE')
    const again = await call('POST', '/v2/locales', { siteId, locale: code })
    if (typeof again.body.id === 'string') await call('DELETE', `/v2/locales/${again.body.id}`)
    return either(again, 'a locale created with the code of a deleted one', [201, 'free'], [409, 'reserved'])
  })
  await record('duplicateDeletedLocales', async () => {
    // A deleted locale of the probes' own, then a copy of their site, where that locale is restored by its id's code; the copy is deleted after.
    const code = await deletedLocale(defaultLocale?.locale === 'da-DK' ? 'da-GL' : 'da-DK')
    const copy = await call('POST', `/v2/sites/${siteId}/duplicate`, { name: `${tag} copy` })
    if (copy.status !== 201 || typeof copy.body.id !== 'string') throw new Unrecorded(`the probes' site could not be copied (${copy.status})`)
    try {
      return either(await call('POST', `/v2/locales/${code}/restore?siteId=${copy.body.id}`), "a locale deleted in the original restored by its code in the copy", [200, 'copied'], [404, 'left'])
    } finally {
      await call('DELETE', `/v2/sites/${copy.body.id}`)
    }
  })
  await record('localeDomains', async () => {
    // Two locales of the probes' own, one domain; deleted after, so the locales' order is read as it was.
    const domain = `https://${tag}.example.com`
    const codes = defaultLocale?.locale === 'nl-BE' ? ['nl-NL', 'fr-LU'] : ['nl-BE', 'fr-LU']
    const first = await call('POST', '/v2/locales', { siteId, locale: codes[0], domain })
    if (first.status !== 201 || typeof first.body.id !== 'string') throw new Unrecorded(`a locale with a domain could not be added (${first.status})`)
    const second = await call('POST', '/v2/locales', { siteId, locale: codes[1], domain })
    try {
      const inSite = either(second, 'a second locale with the domain of another', [201, 'shared'] as const, [409, 'unique'] as const)
      if (inSite === 'shared') return inSite
      // One site's domains apart: a locale of the probes' other site with the domain tells whether a domain names one locale of all the sites.
      if (otherSiteId instanceof Unrecorded) throw otherSiteId
      const across = await call('POST', '/v2/locales', { siteId: otherSiteId, locale: codes[1], domain })
      if (typeof across.body.id === 'string') await call('DELETE', `/v2/locales/${across.body.id}`)
      return either(across, "a locale of another site with the domain of this one's", [201, 'unique'] as const, [409, 'unique-everywhere'] as const)
    } finally {
      await call('DELETE', `/v2/locales/${first.body.id}`)
      if (typeof second.body.id === 'string') await call('DELETE', `/v2/locales/${second.body.id}`)
    }
  })
  await record('localeLookupCase', async () => {
    const code = defaultLocale?.locale
    if (typeof code !== 'string') throw new Unrecorded(`the site's default locale could not be listed (${locales.status})`)
    const answer = await call('GET', `/v2/locales/${encodeURIComponent(swappedCase(code))}?siteId=${siteId}`)
    if (answer.status === 400) throw new Unrecorded(`a code in another case than its own is refused before any lookup (${swappedCase(code)}: 400)`)
    return either(answer, `the default locale ${code} read as ${swappedCase(code)}`, [200, 'any-case'], [404, 'exact'])
  })
  await record('pageUnknownLocale', async () => {
    const answer = await call('GET', `/v6/pages?siteId=${siteId}&locale=zz-ZZ`)
    if (answer.status === 200 && answer.body.data?.length === 0) return 'empty-list'
    return either(answer, 'a page list in a locale the site lacks', [400, '400'], [404, '404'])
  })
  await record('unknownCursor', async () => {
    const answer = await call('GET', `/v2/locales?siteId=${siteId}&startingAfter=${NOWHERE_ID}`)
    if (answer.status === 200 && answer.body.data?.length === 0) return 'empty-list'
    return byStatus(answer, 'a locale list after an id that names nothing', [[400, '400'], [404, '404']] as const)
  })
  await record('cursorOutsideList', async () => {
    // The first page's pathname is outside this prefix: its id names an item the list leaves out.
    const answer = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&pathPrefix=${encodeURIComponent(`/${tag}-zz`)}&startingAfter=${pageId}`)
    return either(answer, "a page list after a page its prefix leaves out", [400, '400'], [200, 'after-place'])
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
}

/** Renaming the default locale's code (last: the site's default may move). */
export async function probeDefaultRename({ call, record, siteId }: ProbeSite): Promise<void> {
  await record('renameDefaultLocale', async () => {
    const locales = await call('GET', `/v2/locales?siteId=${siteId}`)
    const defaultLocale = locales.body.data?.find((locale) => locale.isDefault === true)
    if (typeof defaultLocale?.locale !== 'string') throw new Unrecorded(`the site's locales could not be listed (${locales.status})`)
    const code = defaultLocale.locale === 'en-GB' ? 'en-IE' : 'en-GB'
    // By its code in the probes' site: the site's default locale was not created by the probes, so no write may name its id.
    const renamed = await call('PATCH', `/v2/locales/${encodeURIComponent(String(defaultLocale.locale))}?siteId=${siteId}`, { locale: code })
    if (renamed.status === 400) return 'refused'
    if (renamed.status !== 200) throw new Unrecorded(`renaming the default locale answered ${renamed.status}`)
    const site = await call('GET', `/v2/sites/${siteId}`)
    if (site.body.defaultLocale === code) return 'follows'
    throw new Unrecorded(`the default locale was renamed to ${code} but the site's defaultLocale is ${JSON.stringify(site.body.defaultLocale)}`)
  })
}

/** A code with every letter's case turned (en-US as EN-us): never the code itself, nor its canonical form. */
const swappedCase = (code: string): string => [...code].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')
