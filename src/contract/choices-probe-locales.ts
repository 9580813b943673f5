import { either, sleep, statusTold, swappedCase, Unrecorded, unexplained, type Answer, type ProbeSite } from './choices-probe-kit.js'
import { namesRestoredLocale } from './restore-live.js'
import { clockTickMs, pastTickMs } from './clock-tick.js'

/**
 * A code with its letters' case turned: only the region's or the language's where a deployment
 * takes that part alone in any case (localeCodeCase), which would not read the whole turned as a code.
 */
function caseTurned(code: string, codeCase: unknown): string {
  const [language = '', ...region] = code.split('-')
  if (region.length > 0 && codeCase === 'region-any-case') return [language, ...region.map(swappedCase)].join('-')
  if (codeCase === 'language-any-case') return [swappedCase(language), ...region].join('-')
  return swappedCase(code)
}

/**
 * The locales of the probes' own site: what a restore of a live locale finds, what a deleted
 * locale still holds (and what a copy of the site holds of it, of its pages' publication and of
 * its locales' domains), domains, a code in another case, and the pathPrefix of a locale that has
 * none of its own. Each locale a probe adds it deletes
 * again, so that the locales' order is read later as the site had them.
 */
export async function probeLocales({ call, record, target, siteId, otherSiteId, learned }: ProbeSite): Promise<void> {
  const { tag } = target
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
      const live = await call('POST', `/v2/locales/${added.body.id}/restore`)
      // A 400 is the alternative only where it names the locale the path named; one naming another field is another rule's.
      if (live.status === 400 && !namesRestoredLocale(live.body)) unexplained('the fields a 400 to the restore of a live locale names', live.body.details)
      const byId = statusTold(live, 'restoring a live locale', 'restoreLiveLocale')
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
  await record('pathnameLookupLocale', async () => {
    // A locale of the probes' own, which their page has no localization in (no operation makes one):
    // read by its own pathname in it, the page is found only where a pathname is the page's own.
    const code = defaultLocale?.locale === 'it-IT' ? 'it-CH' : 'it-IT'
    const added = await call('POST', '/v2/locales', { siteId, locale: code })
    if (added.status !== 201 || typeof added.body.id !== 'string') throw new Unrecorded(`a locale could not be added to read a page in (${added.status})`)
    try {
      const read = await call('GET', `/v6/pages/${encodeURIComponent(`/${tag}-first`)}?siteId=${siteId}&locale=${code}`)
      return either(read, "the probes' page read by its own pathname in a locale it has no localization in", [200, 'own'], [404, 'localized'])
    } finally {
      await call('DELETE', `/v2/locales/${added.body.id}`)
    }
  })
  /** The page of this site at the probes' first pathname (a copy's has an id of its own), read from the site's list. */
  const firstPageOf = async (site: string): Promise<Answer['body'] | undefined> => {
    const home = `/${tag}-first`
    const list = await call('GET', `/v6/pages?siteId=${site}&includeOffline=true&pathPrefix=${encodeURIComponent(home)}`)
    return list.body.data?.find((page) => page.pathname === home)
  }
  /** A locale of the probes' own with this code, added and deleted: the code and the deleted locale's id, for what a deleted locale holds. */
  const deletedLocale = async (code: string): Promise<{ code: string; id: string }> => {
    const made = await call('POST', '/v2/locales', { siteId, locale: code })
    if (made.status !== 201 || typeof made.body.id !== 'string') throw new Unrecorded(`a locale could not be added to delete (${made.status})`)
    await call('DELETE', `/v2/locales/${made.body.id}`)
    return { code, id: made.body.id }
  }
  await record('deletedLocaleCode', async () => {
    // A locale of the probes' own, deleted, then created again with its code; deleted after.
    const deleted = await deletedLocale(defaultLocale?.locale === 'sv-SE' ? 'sv-FI' : 'sv-SE')
    const again = await call('POST', '/v2/locales', { siteId, locale: deleted.code })
    if (typeof again.body.id === 'string') await call('DELETE', `/v2/locales/${again.body.id}`)
    // Created again with the deleted one's own id: brought back, not made anew.
    if (again.status === 201 && again.body.id === deleted.id) return 'revived'
    return either(again, 'a locale created with the code of a deleted one', [201, 'free'], [409, 'reserved'])
  })
  await record('deletedLocaleRead', async () => {
    // A locale of the probes' own, deleted, then read by its id: gone, or still there as it was (left deleted).
    const deleted = await deletedLocale(defaultLocale?.locale === 'lv-LV' ? 'lt-LT' : 'lv-LV')
    const read = await call('GET', `/v2/locales/${deleted.id}`)
    if (read.status === 200) return read.body.id === deleted.id ? 'by-id' : unexplained('the id of a deleted locale read by its id', read.body.id)
    return statusTold(read, 'a deleted locale read by its id', 'deletedLocaleRead')
  })
  // A deleted locale of the probes' own, then a copy of their site: what the copy holds of that
  // locale (restored there by its code) and of its pages' publication. The copy is deleted after.
  const deleted = await deletedLocale(defaultLocale?.locale === 'da-DK' ? 'da-GL' : 'da-DK').then(({ code }) => code, (error: unknown) => {
    if (error instanceof Unrecorded) return error
    throw error
  })
  // A locale of the probes' own with a domain, for what the copy holds of a locale's domain; deleted after, in both sites.
  const withDomain = await call('POST', '/v2/locales', { siteId, locale: defaultLocale?.locale === 'pt-PT' ? 'pt-BR' : 'pt-PT', domain: `https://${tag}-copied.example.com` })
  const copy = await call('POST', `/v2/sites/${siteId}/duplicate`, { name: `${tag} copy` })
  const copyId = copy.status === 201 && typeof copy.body.id === 'string' ? copy.body.id : new Unrecorded(`the probes' site could not be copied (${copy.status})`)
  const domainCode = typeof withDomain.body.locale === 'string' ? withDomain.body.locale : undefined
  try {
    await record('duplicateDeletedLocales', async () => {
      if (deleted instanceof Unrecorded) throw deleted
      if (copyId instanceof Unrecorded) throw copyId
      return either(await call('POST', `/v2/locales/${deleted}/restore?siteId=${copyId}`), 'a locale deleted in the original restored by its code in the copy', [200, 'copied'], [404, 'left'])
    })
    await record('duplicatePublication', async () => {
      if (copyId instanceof Unrecorded) throw copyId
      // The probes' first page, online since pagePublishing turned it on again, and its copy.
      const original = await firstPageOf(siteId)
      const copied = await firstPageOf(copyId)
      if (original?.isOnline !== true) throw new Unrecorded("the probes' first page is not online, so what a copy holds of its publication cannot be seen")
      if (copied === undefined) throw new Unrecorded("the probes' first page was not found in the copy")
      if (copied.isOnline === false && copied.publishedAt === null) return 'reset'
      if (copied.isOnline === true && (copied.publishedAt === null) === (original.publishedAt === null)) return 'copied'
      return unexplained("the copy of an online page's isOnline and publishedAt", { isOnline: copied.isOnline, publishedAt: copied.publishedAt })
    })
    await record('duplicateLocaleDomains', async () => {
      if (withDomain.status !== 201 || domainCode === undefined) throw new Unrecorded(`a locale with a domain could not be added to copy (${withDomain.status})`)
      if (copyId instanceof Unrecorded) throw copyId
      const copied = (await call('GET', `/v2/locales?siteId=${copyId}&limit=100`)).body.data?.find((locale) => locale.locale === domainCode)
      if (copied === undefined) throw new Unrecorded(`the locale ${domainCode} with a domain was not found in the copy`)
      if (copied.domain === withDomain.body.domain) return 'copied'
      return copied.domain === null ? 'dropped' : unexplained("the copy of a locale's domain", copied.domain)
    })
  } finally {
    if (!(copyId instanceof Unrecorded)) {
      // By its code in the copy, the probes' own site: a domain a site's delete leaves with its locales (siteDeleteChildren kept) stands in no later probe's way.
      if (domainCode !== undefined) await call('DELETE', `/v2/locales/${encodeURIComponent(domainCode)}?siteId=${copyId}`)
      await call('DELETE', `/v2/sites/${copyId}`)
    }
    if (typeof withDomain.body.id === 'string') await call('DELETE', `/v2/locales/${withDomain.body.id}`)
  }
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
    // Every letter's case turned, or only the part's that the deployment takes in any case: never the code itself.
    const asked = caseTurned(code, learned.localeCodeCase)
    const answer = await call('GET', `/v2/locales/${encodeURIComponent(asked)}?siteId=${siteId}`)
    if (answer.status === 400) throw new Unrecorded(`a code in another case than its own is refused before any lookup (${asked}: 400)`)
    return either(answer, `the default locale ${code} read as ${asked}`, [200, 'any-case'], [404, 'exact'])
  })
  await record('localeLookupSpelling', async () => {
    const code = defaultLocale?.locale
    if (learned.localeCodeCase !== 'any-spelling') throw new Unrecorded(`the writes do not take a code written with _ (localeCodeCase ${learned.localeCodeCase ?? 'not learned'}), so how a lookup reads one is no choice of its own`)
    if (typeof code !== 'string' || !code.includes('-')) throw new Unrecorded(`the site's default locale has no region to write after _ (${String(code)})`)
    const asked = code.replace('-', '_')
    const answer = await call('GET', `/v2/locales/${encodeURIComponent(asked)}?siteId=${siteId}`)
    return either(answer, `the default locale ${code} read as ${asked}`, [200, 'as-written'], [404, 'as-sent'])
  })
  await record('localePathPrefixes', async () => {
    if (defaultLocale === undefined) throw new Unrecorded(`the site's default locale could not be listed (${locales.status})`)
    const code = defaultLocale.locale === 'nl-NL' ? 'nl-BE' : 'nl-NL'
    const added = await call('POST', '/v2/locales', { siteId, locale: code })
    if (added.status !== 201 || typeof added.body.id !== 'string') throw new Unrecorded(`a locale could not be added to read its pathPrefix (${added.status})`)
    try {
      // A new locale has no prefix of its own, and the site's default locale was given none by the probes.
      const prefixes = [defaultLocale.pathPrefix, added.body.pathPrefix]
      if (prefixes.every((prefix) => prefix === null)) return 'null'
      if (prefixes[0] === '' && prefixes[1] === String(added.body.locale).toLowerCase()) return 'code'
      return unexplained("the pathPrefix of the site's default locale and of a new locale", prefixes)
    } finally {
      await call('DELETE', `/v2/locales/${added.body.id}`)
    }
  })
}

/** Renaming the default locale's code (last: the site's default may move). */
export async function probeDefaultRename({ call, record, siteId, target }: ProbeSite): Promise<void> {
  // A page of the site, whose updatedAt a rename of the default locale, which every page is shown in, may move (localeRenameTouchesPages).
  const page = await call('POST', '/v6/pages', { siteId, pathname: `/${target.tag}-touched`, name: `${target.tag} touched` })
  let renamed: Answer | undefined
  await record('renameDefaultLocale', async () => {
    const locales = await call('GET', `/v2/locales?siteId=${siteId}`)
    const defaultLocale = locales.body.data?.find((locale) => locale.isDefault === true)
    if (typeof defaultLocale?.locale !== 'string') throw new Unrecorded(`the site's locales could not be listed (${locales.status})`)
    const code = defaultLocale.locale === 'en-GB' ? 'en-IE' : 'en-GB'
    // Past the instant of the page's creation, so that the clock can show a move: its millisecond, its tenth or its second.
    if (page.status === 201) await sleep(pastTickMs(clockTickMs([page.body.createdAt, page.body.updatedAt])))
    // By its code in the probes' site: the site's default locale was not created by the probes, so no write may name its id.
    renamed = await call('PATCH', `/v2/locales/${encodeURIComponent(String(defaultLocale.locale))}?siteId=${siteId}`, { locale: code })
    if (renamed.status === 400) return 'refused'
    if (renamed.status !== 200) throw new Unrecorded(`renaming the default locale answered ${renamed.status}`)
    const site = await call('GET', `/v2/sites/${siteId}`)
    if (site.body.defaultLocale === code) return 'follows'
    throw new Unrecorded(`the default locale was renamed to ${code} but the site's defaultLocale is ${JSON.stringify(site.body.defaultLocale)}`)
  })
  await record('localeRenameTouchesPages', async () => {
    if (page.status !== 201) throw new Unrecorded(`a page could not be created (${page.status}), so no rename of a locale can be seen to touch it`)
    if (renamed?.status !== 200) throw new Unrecorded(`the default locale could not be renamed (${renamed?.status ?? 'not sent'}: renameDefaultLocale), so no rename of a locale can be seen to touch a page`)
    const read = await call('GET', `/v6/pages/${String(page.body.id)}`)
    if (read.status !== 200) throw new Unrecorded(`the probes' page could not be read after the rename (${read.status})`)
    return read.body.updatedAt === page.body.updatedAt ? 'untouched' : 'touched'
  })
  // The page goes with the probes' site; deleted now all the same, as the other probes delete what they add.
  if (page.status === 201) await call('DELETE', `/v6/pages/${String(page.body.id)}`)
}
