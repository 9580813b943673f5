import { sluggedPathname } from '../freedom/pathname-slug.js'
import { taggedOrigin } from './tag.js'
import { byStatus, either, LACKED_LOCALE, namesField, statusTold, Unrecorded, unexplained, type Answer, type ProbeSite } from './choices-probe-kit.js'

/**
 * What a deployment accepts (validation sitemock adds or a strict deployment adds) and what it
 * keeps of what it accepts (the stored form): each probe a request only the choice decides.
 */
export async function probeInput({ call, record, target, siteId, otherSiteId, learned }: ProbeSite, pageId: string): Promise<void> {
  const { tag } = target
  const patchSite = (body: unknown): Promise<Answer> => call('PATCH', `/v2/sites/${siteId}`, body)
  const patchPage = (body: unknown): Promise<Answer> => call('PATCH', `/v6/pages/${pageId}`, body)
  const home = `/${tag}-first`

  await record('pageUpdateSearchFields', async () => {
    // With the page's own name, which changes nothing: an update of a title alone may be refused as changing nothing (emptyPageUpdate).
    const answer = await patchPage({ name: `${tag} first`, title: `${tag} searched` })
    if (answer.status === 400) return namesField(answer, 'title') ? 'refused' : unexplained('the fields a 400 to a page update with a title names', answer.body.details)
    if (answer.status !== 200) throw new Unrecorded(`a page update with a title answered ${answer.status}`)
    return answer.body.title === `${tag} searched` ? 'applied' : 'ignored'
  })
  await patchPage({ name: `${tag} first`, title: null })

  await record('pageTitleFollowsName', async () => {
    const first = `${tag} first`
    const titles = learned.pageUpdateSearchFields === 'applied'
    // A title that is the page's name: set to it where an update takes a title, else a new page's (newPageTitle name), as the renames before left it.
    const titled = titles ? await patchPage({ name: first, title: first }) : await call('GET', `/v6/pages/${pageId}`)
    if (titled.body.title !== first) throw new Unrecorded("the probes' page has no title that is its name: a new page's is not (newPageTitle null), and no page update sets one (pageUpdateSearchFields)")
    const renamed = await patchPage({ name: `${tag} renamed` })
    try {
      if (renamed.status !== 200) throw new Unrecorded(`renaming the probes' page answered ${renamed.status}`)
      return renamed.body.title === `${tag} renamed` ? 'follows' : renamed.body.title === first ? 'kept' : unexplained("a renamed page's title", renamed.body.title)
    } finally {
      // Back to its name, and its title as the later probes found it.
      await patchPage(titles ? { name: first, title: null } : { name: first })
    }
  })

  // Page pathnames: each probe moves the page, and the page comes back home after it.
  const movedTo = async (pathname: string): Promise<Answer> => {
    const answer = await patchPage({ pathname })
    if (answer.status === 200) await patchPage({ pathname: home })
    return answer
  }
  const noSlash = `${tag}-no-slash`
  const trailing = `/${tag}-slash/`
  let movedWithoutSlash: Answer | undefined
  let movedWithTrailingSlash: Answer | undefined
  // Sent once, by whichever of pagePathnameForm and pathnameTrailingSlash needs it first.
  const moveWithTrailingSlash = async (): Promise<Answer> => (movedWithTrailingSlash ??= await movedTo(trailing))
  await record('pagePathnameForm', async () => {
    if (either((movedWithoutSlash = await movedTo(noSlash)), 'a page pathname without its leading slash', [200, 'taken'], [400, 'refused']) === 'taken') {
      // Taken as sent: no grammar of a leading slash. Taken with the slash added (pagePathnameSlash added): the form is judged after, which a trailing slash and an empty segment tell.
      if (movedWithoutSlash.body.pathname !== `/${noSlash}`) return 'any'
      if ((await moveWithTrailingSlash()).status === 400) return 'slash-first'
      return either(await movedTo(`/${tag}-a//b`), 'a page pathname with an empty segment, where a missing leading slash is added', [200, 'any'], [400, 'trailing-slash'])
    }
    // The leading slash required: a sound pathname with a trailing slash tells a grammar that takes one from sitemock's.
    // (A deployment that drops it judges the pathname without it, so slash-first beside pathnameTrailingSlash dropped reads as trailing-slash, which the mock answers alike.)
    return either(await moveWithTrailingSlash(), 'a page pathname with a trailing slash', [200, 'trailing-slash'], [400, 'slash-first'])
  })
  await record('pagePathnameSlash', async () => {
    if (movedWithoutSlash?.status !== 200) throw new Unrecorded('a page pathname without its leading slash was refused or not sent (pagePathnameForm), so what is kept of it cannot be seen')
    const stored = movedWithoutSlash.body.pathname
    return stored === noSlash ? 'as-sent' : stored === `/${noSlash}` ? 'added' : unexplained('the pathname stored for one without its leading slash', stored)
  })
  await record('pagePathnameCharacters', async () => {
    const bracketed = `/${tag}-[slug]`
    const moved = await movedTo(bracketed)
    // Taken: kept as sent, or stored as its slug (`/…-slug`) by a deployment that slugs every pathname.
    if (either(moved, 'a page pathname with brackets', [200, 'accepted'], [400, 'refused']) === 'accepted') {
      return moved.body.pathname === bracketed ? 'accepted' : moved.body.pathname === sluggedPathname(bracketed) ? 'slugged' : unexplained('the pathname stored for one with brackets', moved.body.pathname)
    }
    // Brackets refused: a letter beyond ASCII tells a deployment that takes letters of any script from one that refuses them
    // (in lower case, which a deployment that refuses capitals takes: pagePathnameCase).
    return either(await movedTo(`/${tag}-straße`), 'a page pathname with a letter outside ASCII', [200, 'letters'], [400, 'refused'])
  })
  await record('pathnameTrailingSlash', async () => {
    const answer = await moveWithTrailingSlash()
    if (answer.status === 400) throw new Unrecorded('a page pathname with a trailing slash is refused (pagePathnameForm slash-first), so what is kept of it cannot be seen')
    if (answer.status !== 200) throw new Unrecorded(`a page pathname with a trailing slash answered ${answer.status}`)
    return answer.body.pathname === trailing ? 'kept' : answer.body.pathname === trailing.slice(0, -1) ? 'dropped' : unexplained('the pathname stored for /…/', answer.body.pathname)
  })
  let caseKept = false
  let capitalRefused = false
  await record('pagePathnameCase', async () => {
    const sent = `/${tag}-Case`
    const answer = await movedTo(sent)
    if (answer.status === 400 && namesField(answer, 'pathname')) {
      // Refused for its capital alone: the same pathname in lower case is taken.
      const lower = await movedTo(sent.toLowerCase())
      if (lower.status !== 200) throw new Unrecorded(`a page pathname with a capital letter answered 400, and the same in lower case ${lower.status}`)
      capitalRefused = true
      return 'refused'
    }
    if (answer.status !== 200) throw new Unrecorded(`a page pathname with a capital letter answered ${answer.status}`)
    caseKept = answer.body.pathname === sent
    // A deployment that slugs pathnames (pagePathnameCharacters slugged) stores them in lower case and looks them up so: lower-case is what it does.
    return caseKept ? 'kept' : answer.body.pathname === sent.toLowerCase() ? 'lower-case' : unexplained('the pathname stored for one with a capital letter', answer.body.pathname)
  })
  await record('pathnameConflictCase', async () => {
    if (capitalRefused) throw new Unrecorded('a page pathname with a capital letter is refused (pagePathnameCase refused), so two pathnames differing in case alone cannot be made')
    if (!caseKept) throw new Unrecorded('a page pathname is not kept in the case it was sent (pagePathnameCase), so two pathnames differing in case alone cannot be made')
    // A second page whose pathname differs from the probes' page's (at home) in case alone, the tag as it is; deleted after.
    const answer = await call('POST', '/v6/pages', { siteId, pathname: `/${tag}-FIRST`, name: `${tag} case` })
    if (typeof answer.body.id === 'string') await call('DELETE', `/v6/pages/${answer.body.id}`)
    return statusTold(answer, "a page whose pathname differs from another's in case alone", 'pathnameConflictCase')
  })
  await record('nameWhitespace', async () => {
    // A page does not show its name; the site's name shows what is kept (a trailing space only, so the name still starts with the tag).
    const sent = `${tag} choices `
    const answer = await patchSite({ name: sent })
    if (answer.status !== 200) throw new Unrecorded(`a site name with a trailing space answered ${answer.status}`)
    return answer.body.name === sent ? 'kept' : answer.body.name === sent.trimEnd() ? 'trimmed' : unexplained('the site name stored for one with a trailing space', answer.body.name)
  })

  await record('controlCharacters', async () => either(await patchSite({ name: `${tag} bell\u0007` }), 'a control character in a name', [200, 'accepted'], [400, 'refused']))
  // The tag goes in hostOrigin while the name cannot hold it: the site stays the run's, were '' accepted.
  await record('emptySiteName', async () => either(await patchSite({ name: '', hostOrigin: taggedOrigin(tag) }), 'an empty site name', [200, 'accepted'], [400, 'refused']))
  await record('unknownBodyFields', async () => either(await patchSite({ name: `${tag} choices`, contractProbe: 1 }), 'an unknown body field', [200, 'ignored'], [400, 'refused']))
  // Whatever the probes did to the name, it carries the run tag again.
  await patchSite({ name: `${tag} choices` })
  // The name holds the tag again, so the site stays the run's without an origin.
  await record('hostOriginNull', async () => {
    // An origin first: a site without one reads null whether the null cleared it or changed nothing.
    const given = await patchSite({ hostOrigin: taggedOrigin(tag) })
    if (given.status !== 200 || typeof given.body.hostOrigin !== 'string') throw new Unrecorded(`the probes' site could not be given a hostOrigin (${given.status})`)
    if (either(await patchSite({ hostOrigin: null }), 'a site update with a null hostOrigin', [200, 'taken'], [400, 'refused']) === 'refused') return 'refused'
    const read = await call('GET', `/v2/sites/${siteId}`)
    if (read.status !== 200) throw new Unrecorded(`the probes' site could not be read after a null hostOrigin (${read.status})`)
    const kept = read.body.hostOrigin
    return kept === null ? 'clears' : kept === given.body.hostOrigin ? 'unchanged' : unexplained('the hostOrigin a site reads after a null one', kept)
  })
  await record('urlFormat', async () => {
    const answer = await patchPage({ canonicalUrl: 'not a url' })
    if (answer.status === 200 && answer.body.canonicalUrl !== 'not a url') throw new Unrecorded('a page update does not set canonicalUrl, so what it accepts cannot be seen')
    return either(answer, 'a canonicalUrl that is not a URL', [200, 'any-string'], [400, 'absolute-url'])
  })
  await patchPage({ canonicalUrl: null })
  await record('limitZero', async () => {
    // The list holds the probes' two sites at least: a page of none is limit=0 taken as such, a page
    // of one is it answered as limit=1, a page of more is it answered as no limit given (the default page).
    const answer = await call('GET', `/v2/sites?workspaceId=${target.workspaceId}&limit=0`)
    const items = answer.body.data?.length ?? 0
    // With the probes' site alone in the list, a page of one and nothing after it is either page.
    if (answer.status === 200 && items === 1 && answer.body.hasMore !== true && otherSiteId instanceof Unrecorded) throw otherSiteId
    return either(answer, 'limit=0 on the sites list', [200, items === 0 ? 'accepted' : items === 1 ? 'clamped' : 'default'], [400, 'refused'])
  })
  await record('limitAboveMaximum', async () => {
    const answer = await call('GET', `/v2/sites?workspaceId=${target.workspaceId}&limit=101`)
    // Answered as limit=100 or not at all: a page of more than 100 is neither alternative.
    const items = answer.body.data?.length ?? 0
    if (answer.status === 200 && items > 100) return unexplained('the number of sites a list with limit=101 holds', items)
    return either(answer, 'limit=101 on the sites list', [200, 'clamped'], [400, 'refused'])
  })
  await record('pathPrefixForm', async () => either(await call('GET', `/v6/pages?siteId=${siteId}&pathPrefix=${tag}`), 'a pathPrefix without a slash', [200, 'any'], [400, 'slash-first']))
  await record('emptyLocaleQuery', async () => {
    const empty = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&locale=`)
    // A list of none where the list without locale has the probes' page, or a 404: the empty code looked up as any code, which no locale has.
    if (empty.status === 404) return 'unknown'
    if (empty.status === 200 && (empty.body.data?.length ?? 0) === 0) {
      const unsaid = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true`)
      if (unsaid.status === 200 && (unsaid.body.data?.length ?? 0) > 0) return 'unknown'
    }
    if (empty.status === 400) {
      // A 400 is also a list's answer to a code the site lacks (pageUnknownLocale 400): a page read that answers such a code otherwise tells which.
      const [read, lacked] = [await call('GET', `/v6/pages/${pageId}?locale=`), await call('GET', `/v6/pages/${pageId}?locale=${LACKED_LOCALE}`)]
      if (lacked.status !== 400 && read.status === lacked.status) return 'unknown'
    }
    return either(empty, 'an empty locale=', [200, 'default'], [400, 'refused'])
  })
  await record('localeQueryForm', async () => {
    // A locale that is no code at all, beside a well-formed one the site lacks: refused apart only where its form is judged first.
    const formless = await call('GET', `/v6/pages?siteId=${siteId}&locale=${encodeURIComponent('fé')}`)
    const lacked = await call('GET', `/v6/pages?siteId=${siteId}&locale=${LACKED_LOCALE}`)
    if (formless.status === lacked.status) return 'looked-up'
    return byStatus(formless, `a locale= that is no code, where a code the site lacks answered ${lacked.status}`, [[400, 'refused']] as const)
  })
  await record('unknownQueryParameters', async () => either(await call('GET', `/v2/sites/${siteId}?contractProbe=1`), 'an unknown query parameter', [200, 'ignored'], [400, 'refused']))
  /** A site's page list taking its sort, or in creation order whatever sort it is asked (fixed-order). */
  const sitePagesOrder = async (): Promise<'page-list' | 'fixed-order'> => {
    const prefix = `/${tag}-order`
    const made = [await call('POST', '/v6/pages', { siteId, pathname: `${prefix}/a`, name: `${tag} order a` }), await call('POST', '/v6/pages', { siteId, pathname: `${prefix}/b`, name: `${tag} order b` })]
    const listed = made.every((page) => page.status === 201) ? await call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&pathPrefix=${encodeURIComponent(prefix)}&sortBy=path&sortDirection=desc`) : undefined
    for (const page of made) if (typeof page.body.id === 'string') await call('DELETE', `/v6/pages/${page.body.id}`)
    if (listed === undefined) throw new Unrecorded(`two pages to list could not be created (${made.map((page) => page.status).join(', ')})`)
    const order = JSON.stringify((listed.body.data ?? []).map((page) => page.pathname))
    if (order === JSON.stringify([`${prefix}/b`, `${prefix}/a`])) return 'page-list'
    return order === JSON.stringify([`${prefix}/a`, `${prefix}/b`]) ? 'fixed-order' : unexplained('the pathnames a site pages list sorted by path descending lists', order)
  }
  await record('sitePagesQuery', async () => {
    // A prefix no page has: the page list's own parameter empties the list, which holds the probes'
    // page with includeOffline; a list that takes only limit and startingAfter refuses both, or
    // ignores both and lists the same pages with them as without (its online ones, maybe none).
    const answer = await call('GET', `/v2/sites/${siteId}/pages?pathPrefix=${encodeURIComponent(`/${tag}-none`)}&includeOffline=true`)
    if (answer.status === 400) return 'pagination'
    const whole = await call('GET', `/v2/sites/${siteId}/pages?includeOffline=true`)
    if (answer.status !== 200 || whole.status !== 200) throw new Unrecorded(`the site pages list answered ${answer.status} with a pathPrefix, ${whole.status} without`)
    const ids = (listed: typeof answer): string => JSON.stringify((listed.body.data ?? []).map((page) => page.id))
    if (ids(answer) === ids(whole)) return 'pagination'
    if (answer.body.data?.length !== 0) return unexplained('the ids a site pages list with a prefix no page has listed', ids(answer))
    // The page list's filters taken: a list in one fixed order refuses a sort, naming it, where it refuses what it does not take.
    const sorted = await call('GET', `/v2/sites/${siteId}/pages?includeOffline=true&sortBy=createdAt`)
    if (sorted.status === 400) return namesField(sorted, 'sortBy') ? 'fixed-order' : unexplained('the fields a 400 to a site pages list with a sortBy names', sorted.body.details)
    if (sorted.status !== 200) throw new Unrecorded(`the site pages list with sortBy=createdAt answered ${sorted.status}, none of 400, 200`)
    // Taken, or ignored as an unknown one (sitePagesUntaken as-unknown): the order of two pages made in path order, listed by path descending, tells which.
    return learned.unknownQueryParameters === 'ignored' ? sitePagesOrder() : 'page-list'
  })
  await record('sitePagesUntaken', async () => {
    const query = learned.sitePagesQuery
    if (query !== 'pagination' && query !== 'fixed-order') throw new Unrecorded(`the site pages list takes every parameter of the page list or was not learned (sitePagesQuery ${String(query)}), so none is left untaken`)
    if (learned.unknownQueryParameters !== 'ignored') throw new Unrecorded(`parameters an operation does not know are refused or were not learned (unknownQueryParameters ${String(learned.unknownQueryParameters)}), so the untaken ones are refused either way`)
    // sortBy is untaken under pagination and fixed-order alike.
    const answer = await call('GET', `/v2/sites/${siteId}/pages?sortBy=path`)
    if (answer.status === 400) return namesField(answer, 'sortBy') ? 'refused' : unexplained('the fields a 400 to a site pages list with a sortBy it does not take names', answer.body.details)
    return byStatus(answer, 'the site pages list with a sortBy it does not take', [[200, 'as-unknown']] as const)
  })

  // The region in lower case, then the language in upper case: a deployment may take either alone.
  const caseProbe = await call('POST', '/v2/locales', { siteId, locale: 'pt-br' })
  const languageProbe = await call('POST', '/v2/locales', { siteId, locale: 'IT-CH' })
  await record('localeCodeCase', async () => {
    const region = either(caseProbe, 'the locale code pt-br', [201, true], [400, false])
    const language = either(languageProbe, 'the locale code IT-CH', [201, true], [400, false])
    if (!region || !language) return region ? 'region-any-case' : language ? 'language-any-case' : 'strict'
    // Any case taken: is `_` taken between language and region too? Deleted after, so the locales' order is read as it was.
    const spelled = await call('POST', '/v2/locales', { siteId, locale: 'es_MX' })
    if (typeof spelled.body.id === 'string') await call('DELETE', `/v2/locales/${spelled.body.id}`)
    return either(spelled, 'the locale code es_MX', [201, 'any-spelling'], [400, 'any-case'])
  })
  await record('localeCodeStored', async () => {
    if (caseProbe.status === 201) return caseProbe.body.locale === 'pt-br' ? 'as-sent' : caseProbe.body.locale === 'pt-BR' ? 'canonical' : unexplained('the code stored for pt-br', caseProbe.body.locale)
    if (languageProbe.status === 201) return languageProbe.body.locale === 'IT-CH' ? 'as-sent' : languageProbe.body.locale === 'it-CH' ? 'canonical' : unexplained('the code stored for IT-CH', languageProbe.body.locale)
    throw new Unrecorded('a locale code in another case is refused (localeCodeCase strict), so what is kept of it cannot be seen')
  })
  if (typeof languageProbe.body.id === 'string') await call('DELETE', `/v2/locales/${languageProbe.body.id}`)

  // Sent on an update, which takes skipValidation where a route create may not (routeCreateSkipValidation).
  await record('routePathnameSlash', async () => {
    const sent = `${tag}-route-no-slash`
    const made = await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-route/before-slash` })
    if (made.status !== 201) throw new Unrecorded(`a plain route pathname answered ${made.status}, so a route cannot be renamed without its slash`)
    const answer = await call('PATCH', `/v2/routes/${String(made.body.id)}?skipValidation=true`, { pathname: sent })
    // Then without skipValidation: refused, unless the rules add the slash.
    const plain = await call('PATCH', `/v2/routes/${String(made.body.id)}`, { pathname: `${sent}-plain` })
    await call('DELETE', `/v2/routes/${String(made.body.id)}`)
    const accepted = byStatus(answer, 'a route pathname without its leading slash under skipValidation=true', [[200, true], [400, false]] as const)
    const plainWhat = 'a route pathname without its leading slash and without skipValidation'
    if (!accepted) return byStatus(plain, plainWhat, [[200, 'added-refused-under-skip'], [400, 'refused']] as const)
    if (answer.body.pathname === `/${sent}`) return byStatus(plain, plainWhat, [[200, 'added-always'], [400, 'added']] as const)
    if (answer.body.pathname === sent) return byStatus(plain, plainWhat, [[200, 'added-unless-skipped'], [400, 'accepted']] as const)
    return unexplained('the route pathname stored for one without a slash', answer.body.pathname)
  })
  // skipValidation=false changes nothing on a create that takes it; one that does not know it refuses
  // it naming it, or ignores it, and then a value beyond true and false too. The routes are deleted after.
  await record('routeCreateSkipValidation', async () => {
    const made: Answer[] = []
    const create = async (value: string, pathname: string): Promise<Answer> => {
      const answer = await call('POST', `/v2/routes?skipValidation=${value}`, { siteId, pathname })
      made.push(answer)
      return answer
    }
    try {
      const plain = await create('false', `/${tag}-route/skip-false`)
      if (plain.status === 400) return namesField(plain, 'skipValidation') ? 'unknown' : unexplained('the fields a 400 to a route create with skipValidation=false names', plain.body.details)
      if (plain.status !== 201) throw new Unrecorded(`a route create with skipValidation=false answered ${plain.status}`)
      return either(await create('maybe', `/${tag}-route/skip-maybe`), 'skipValidation=maybe on a route create', [201, 'unknown'], [400, 'taken'])
    } finally {
      for (const answer of made) if (typeof answer.body.id === 'string') await call('DELETE', `/v2/routes/${answer.body.id}`)
    }
  })
  // A plain route first: where route creates are refused or served elsewhere, an empty segment shows nothing.
  await record('routeEmptySegment', async () => {
    const plain = await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-route/plain` })
    if (plain.status !== 201) throw new Unrecorded(`a plain route pathname answered ${plain.status}, so what an empty segment changes cannot be seen`)
    return either(await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-route//empty` }), 'a route pathname with an empty segment', [201, 'accepted'], [400, 'refused'])
  })
  // Routes renamed, under skipValidation=true (an update's, which a create may not take), onto a
  // pathname another route holds, then the probes' page's: a deployment may skip either clash alone.
  // The routes are deleted after, so no later probe lists two.
  await record('skipValidationConflicts', async () => {
    const held = `/${tag}-route/held`
    const made = [await call('POST', '/v2/routes', { siteId, pathname: held }), await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-route/to-route` }), await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-route/to-page` })]
    const rename = (answer: Answer, pathname: string): Promise<Answer> => call('PATCH', `/v2/routes/${String(answer.body.id)}?skipValidation=true`, { pathname })
    const refused = made.find((answer) => answer.status !== 201)
    const page = await call('GET', `/v6/pages/${pageId}`)
    const onRoute = refused === undefined ? await rename(made[1]!, held) : undefined
    const onPage = refused === undefined && typeof page.body.pathname === 'string' ? await rename(made[2]!, page.body.pathname) : undefined
    for (const answer of made) if (typeof answer.body.id === 'string') await call('DELETE', `/v2/routes/${answer.body.id}`)
    if (refused !== undefined) throw new Unrecorded(`a plain route pathname answered ${refused.status}, so whether skipValidation=true skips its conflicts cannot be seen`)
    if (onRoute === undefined || onPage === undefined) throw new Unrecorded(`the probes' page read answered ${page.status}, so a route cannot be sent its pathname`)
    const skipped = (answer: Answer, holder: string): boolean => either(answer, `a route pathname ${holder} of the site holds, under skipValidation=true`, [200, true], [409, false])
    const [routeClash, pageClash] = [skipped(onRoute, 'another route'), skipped(onPage, 'a page')]
    if (routeClash === pageClash) return routeClash ? 'skipped' : 'checked'
    return pageClash ? 'page-conflicts' : 'route-conflicts'
  })
}
