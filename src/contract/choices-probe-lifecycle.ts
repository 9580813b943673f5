import type { ChoiceId, Choices } from '../freedom/catalogue.js'
import { ok, statusTold, Unrecorded, unexplained, type Answer, type ProbeSite } from './choices-probe-kit.js'

/**
 * What a delete does where the documents stop, and how names and pathnames are matched: a
 * pathname in another case (as a list's prefix and in a lookup); in a site the probes make for it
 * and delete, a site name in another case, a page list in a locale its page has no localization
 * in, and what the site's delete leaves of that page; a delete sent again.
 */
export async function probeLifecycle(context: ProbeSite): Promise<void> {
  await probePathnameCase(context)
  const siteDeletedAgain = await probeSiteOfItsOwn(context)
  await probeRepeatedDelete(context, siteDeletedAgain)
}

type RepeatedDelete = Required<Choices>['repeatedDelete']

/** What a delete sent again answered: a success again, whatever its status, is an idempotent delete. */
const repeatedDeleteOf = (answer: Answer, what: string): RepeatedDelete => statusTold(answer, `${what} deleted a second time`, 'repeatedDelete')

/**
 * A page of the probes' own deleted twice, the cheapest to make, beside the third site's second
 * delete where it was sent: the class is one choice for every family, so families that answer
 * apart leave it unrecorded.
 */
async function probeRepeatedDelete({ call, record, target, siteId }: ProbeSite, siteDeletedAgain: Answer | undefined): Promise<void> {
  await record('repeatedDelete', async () => {
    const made = await call('POST', '/v6/pages', { siteId, pathname: `/${target.tag}-deleted`, name: `${target.tag} deleted` })
    if (made.status !== 201 || typeof made.body.id !== 'string') throw new Unrecorded(`a page to delete twice could not be created (${made.status})`)
    const first = await call('DELETE', `/v6/pages/${made.body.id}`)
    if (!ok(first)) throw new Unrecorded(`a page's delete answered ${first.status}`)
    const again = await call('DELETE', `/v6/pages/${made.body.id}`)
    const forPages = repeatedDeleteOf(again, 'a page')
    if (siteDeletedAgain === undefined || repeatedDeleteOf(siteDeletedAgain, 'a site') === forPages) return forPages
    throw new Unrecorded(`a page deleted a second time answered ${again.status}, a site ${siteDeletedAgain.status}: the families answer apart, and the class is one choice for all`)
  })
}

/**
 * A page whose pathname has a capital letter, listed by its prefix in lower case and read by its
 * pathname in lower case (the pathname asked). A deployment that stores pathnames in lower case
 * (pagePathnameCase) has no pathname that differs from its own in case alone: both classes are
 * then left unrecorded. One that refuses capitals (pagePathnameCase refused) has the page in lower
 * case, asked for with the capital.
 */
async function probePathnameCase({ call, record, target, siteId, learned }: ProbeSite): Promise<void> {
  const capital = `/${target.tag}-Cased`
  const [sent, asked] = learned.pagePathnameCase === 'refused' ? [capital.toLowerCase(), capital] : [capital, capital.toLowerCase()]
  let pageId: string | undefined
  let unseen: Unrecorded | undefined
  if (learned.pagePathnameCase === 'lower-case') unseen = new Unrecorded('pathnames are stored in lower case (pagePathnameCase lower-case), so none differs from a page\'s own in case alone')
  else {
    const made = await call('POST', '/v6/pages', { siteId, pathname: sent, name: `${target.tag} cased` })
    if (made.status === 201 && typeof made.body.id === 'string') pageId = made.body.id
    if (pageId === undefined) unseen = new Unrecorded(`a page ${sent} could not be created (${made.status})`)
    else if (made.body.pathname !== sent) unseen = new Unrecorded(`a page created as ${sent} has the pathname ${JSON.stringify(made.body.pathname)}, so none differs from its own in case alone`)
  }
  try {
    await record('pathPrefixCase', async () => {
      if (unseen) throw unseen
      const list = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&pathPrefix=${encodeURIComponent(asked)}`)
      if (list.status !== 200) throw new Unrecorded(`a page list with the prefix ${asked} answered ${list.status}`)
      return list.body.data?.some((page) => page.id === pageId) ? 'any-case' : 'exact'
    })
    await record('pathnameLookupCase', async () => {
      if (unseen) throw unseen
      const read = await call('GET', `/v6/pages/${encodeURIComponent(asked)}?siteId=${siteId}`)
      if (read.status === 200) return read.body.id === pageId ? 'any-case' : unexplained(`the id of the page read as ${asked} (${sent} created)`, read.body.id)
      if (read.status !== 404) throw new Unrecorded(`the page ${sent} read as ${asked} answered ${read.status}, neither 200 nor 404`)
      // Not found in another case: found by its own pathname, or pathnames find nothing here.
      const own = await call('GET', `/v6/pages/${encodeURIComponent(sent)}?siteId=${siteId}`)
      if (own.status !== 200) throw new Unrecorded(`the page ${sent} read by its own pathname answered ${own.status}, so what a pathname in another case finds cannot be seen`)
      return 'exact'
    })
  } finally {
    if (pageId !== undefined) await call('DELETE', `/v6/pages/${pageId}`)
  }
}

const OWN_SITE_CHOICES: readonly ChoiceId[] = ['siteNames', 'localeFilterScope', 'unlocalizedPageLocale', 'siteDeleteChildren']

/**
 * A third site of the run, made for what its delete does: first its name again, then a locale and
 * a page with no localization in it (no operation makes one), then the site deleted, the page
 * read by id and the site deleted again. The site is deleted whatever happens, and a page and
 * locale its delete kept after it. What the second delete answered is returned, for repeatedDelete.
 */
async function probeSiteOfItsOwn(context: ProbeSite): Promise<Answer | undefined> {
  const { call, record, target } = context
  const { tag } = target
  const label = 'lifecycle'
  const name = `${tag} ${label}`
  const made = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name })
  if (made.status !== 201 || typeof made.body.id !== 'string') {
    const reason = new Unrecorded(`a third site could not be created (${made.status})`)
    for (const id of OWN_SITE_CHOICES) await record(id, async () => Promise.reject(reason))
    return undefined
  }
  const siteId = made.body.id
  let siteGone = false
  let deletedAgain: Answer | undefined
  try {
    await record('siteNames', async () => siteNamesBeside(context, label))
    const page = await call('POST', '/v6/pages', { siteId, pathname: `/${tag}-kept`, name: `${tag} kept` })
    const pageId = page.status === 201 && typeof page.body.id === 'string' ? page.body.id : new Unrecorded(`a page of the third site could not be created (${page.status})`)
    let localeId: string | undefined
    let localeCode: string | undefined
    await record('localeFilterScope', async () => {
      if (pageId instanceof Unrecorded) throw pageId
      // A site of its own: the probes' site may hold as many locales as a deployment allows by now.
      const code = made.body.defaultLocale === 'it-IT' ? 'it-CH' : 'it-IT'
      const locale = await call('POST', '/v2/locales', { siteId, locale: code })
      if (locale.status !== 201 || typeof locale.body.id !== 'string') throw new Unrecorded(`a second locale could not be added to the third site (${locale.status})`)
      localeId = locale.body.id
      localeCode = String(locale.body.locale ?? code)
      const list = await call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&locale=${encodeURIComponent(localeCode)}`)
      if (list.status !== 200) throw new Unrecorded(`a page list in a locale of the site answered ${list.status}`)
      const data = list.body.data ?? []
      return data.some((listed) => listed.id === pageId) ? 'all' : data.length === 0 ? 'localized' : unexplained('a page list in a locale no page is localized in', data.map((listed) => listed.id))
    })
    // The same page read in that locale, which it has no localization in: the locale it shows.
    await record('unlocalizedPageLocale', async () => {
      if (pageId instanceof Unrecorded) throw pageId
      if (localeId === undefined) throw new Unrecorded('the third site has no second locale to read its page in')
      const read = await call('GET', `/v6/pages/${pageId}?locale=${localeId}`)
      if (read.status !== 200) throw new Unrecorded(`a page read in a locale of its site it has no localization in answered ${read.status}`)
      const shown = read.body.locale
      // A page response need not carry its locale (choice pageLocale absent).
      if (shown === undefined) throw new Unrecorded('a page response carries no locale here (pageLocale absent)')
      return shown === made.body.defaultLocale ? 'own' : shown === localeCode ? 'requested' : unexplained('the locale a page shows read in a locale it has no localization in', shown)
    })
    await record('siteDeleteChildren', async () => {
      if (pageId instanceof Unrecorded) throw pageId
      const deleted = await call('DELETE', `/v2/sites/${siteId}`)
      if (!ok(deleted)) throw new Unrecorded(`the third site's delete answered ${deleted.status}`)
      siteGone = true
      const read = await call('GET', `/v6/pages/${pageId}`)
      const localeRead = localeId === undefined ? undefined : await call('GET', `/v2/locales/${localeId}`)
      // Kept: nothing else deletes them now that their site is gone.
      const pageDeleted = read.status === 200 ? await call('DELETE', `/v6/pages/${pageId}`) : undefined
      if (localeRead?.status === 200) await call('DELETE', `/v2/locales/${localeId}`)
      deletedAgain = await call('DELETE', `/v2/sites/${siteId}`)
      // The class is one for the three families: a deployment that keeps its pages and not its
      // locales, or keeps a page it cannot delete, is none of its alternatives (the stateful group
      // adopts each family apart).
      if (localeRead !== undefined && localeRead.status !== read.status) {
        throw new Unrecorded(`after its site's delete, a page read by id answered ${read.status} and a locale ${localeRead.status}: the families are kept apart`)
      }
      if (pageDeleted !== undefined && !ok(pageDeleted)) throw new Unrecorded(`a page its site's delete kept could not be deleted by id (${pageDeleted.status})`)
      return statusTold(read, "a page read by id after its site's delete", 'siteDeleteChildren')
    })
  } finally {
    if (!siteGone) await call('DELETE', `/v2/sites/${siteId}`)
  }
  return deletedAgain
}

/**
 * A site created with the name of one (the third site's, `<tag> <label>`) in its very case, then
 * in another: taken, names are no key; refused both times, a name names one site whatever its
 * case. Each site so created is deleted at once.
 */
async function siteNamesBeside({ call, target }: ProbeSite, label: string): Promise<Required<Choices>['siteNames']> {
  const createdAs = async (name: string): Promise<Answer> => {
    const answer = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name })
    if (typeof answer.body.id === 'string') await call('DELETE', `/v2/sites/${answer.body.id}`)
    return answer
  }
  const name = `${target.tag} ${label}`
  const same = await createdAs(name)
  if (ok(same)) return 'shared'
  if (same.status !== 409) return unexplained("the status of a site created with another site's name", same.status)
  // Only the label's case turns: the tag stays as the run writes it.
  const other = `${target.tag} ${label.toUpperCase()}`
  const otherCase = await createdAs(other)
  if (otherCase.status === 409) return 'unique'
  if (ok(otherCase)) throw new Unrecorded(`a site's name is refused (409) in its own case but taken in another (${other}): unique in its own case alone, which no alternative explains`)
  return unexplained(`the status of a site created as ${other} beside ${name}`, otherCase.status)
}
