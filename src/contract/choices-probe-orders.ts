import type { ChoiceId } from '../freedom/catalogue.js'
import { listedKeys, Unrecorded, type Answer, type ProbeSite } from './choices-probe-kit.js'

const SORT_CHOICES: readonly ChoiceId[] = ['nullsSort', 'sortCollation', 'sortTies']

// Titles whose orders all disagree: created b, C, a; by code unit C, a, b; case folded a, b, C.
const TITLED = [
  { key: 'lowB', title: 'b' },
  { key: 'none', title: null },
  { key: 'upC', title: 'C' },
  { key: 'lowA', title: 'a' },
] as const
// Six tied pages: their ids come in creation order by chance once in 720 runs, when the tie rule cannot be told.
const TIES = ['tie1', 'tie2', 'tie3', 'tie4', 'tie5', 'tie6']

const same = (a: readonly string[], b: readonly string[]): boolean => a.join() === b.join()

/** The page sort's nulls, collation and ties, from pages whose titles no other rule would put in the same order. */
export async function probePageSort(site: ProbeSite): Promise<void> {
  const { call, record, target, siteId } = site
  const { tag } = target
  const ids = new Map<string, string>()
  const unrecord = async (choices: readonly ChoiceId[], reason: string): Promise<void> => {
    for (const id of choices) await record(id, async () => Promise.reject(new Unrecorded(reason)))
  }
  for (const { key, title } of [...TITLED, ...TIES.map((key) => ({ key, title: 'same' }))]) {
    // The pathname in lower case, which a deployment that refuses capitals takes too (pagePathnameCase).
    const made = await call('POST', '/v6/pages', { siteId, pathname: `/${tag}-${key.toLowerCase()}`, name: `${tag} ${key}` })
    if (made.status !== 201) return unrecord(SORT_CHOICES, `a probe page could not be created: POST /v6/pages answered ${made.status}`)
    const patched = await call('PATCH', `/v6/pages/${String(made.body.id)}`, { title })
    if (patched.status !== 200 || patched.body.title !== title) {
      // A deployment may refuse the title in an update (pageUpdateSearchFields), and no create
      // sends one: then titles are what it gives new pages, whose ties still show their rule.
      const reason = `the title of a probe page could not be set (PATCH answered ${patched.status})`
      await unrecord(['sortCollation', 'nullsSort'], reason)
      return probeTiesOfNewPages(site, reason)
    }
    ids.set(String(made.body.id), key)
  }
  const order = async (direction: string): Promise<string[]> => {
    const list = await call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=${direction}&limit=100&includeOffline=true&pathPrefix=${encodeURIComponent(`/${tag}-`)}`)
    if (list.status !== 200) throw new Unrecorded(`the pages sorted by title answered ${list.status}`)
    return listedKeys(list, ids)
  }
  let up: string[]
  let down: string[]
  try {
    ;[up, down] = [await order('asc'), await order('desc')]
  } catch (error) {
    if (error instanceof Unrecorded) return unrecord(SORT_CHOICES, error.message)
    throw error
  }
  const lettersUp = up.filter((key) => key === 'lowA' || key === 'lowB' || key === 'upC')
  const lettersDown = down.filter((key) => key === 'lowA' || key === 'lowB' || key === 'upC')
  if (!same(lettersUp, [...lettersDown].reverse())) return unrecord(SORT_CHOICES, `the titles came as ${lettersUp.join(', ')} ascending and ${lettersDown.join(', ')} descending: the direction does not reverse them`)
  await record('sortCollation', async () => {
    if (same(lettersUp, ['upC', 'lowA', 'lowB'])) return 'code-unit'
    if (same(lettersUp, ['lowA', 'lowB', 'upC'])) return 'case-insensitive'
    throw new Unrecorded(`the titles C, a, b came as ${lettersUp.join(', ')} ascending: neither by code unit nor case folded`)
  })
  await record('nullsSort', async () => {
    const firstUp = up[0] === 'none'
    const firstDown = down[0] === 'none'
    if ((!firstUp && up.at(-1) !== 'none') || (!firstDown && down.at(-1) !== 'none')) throw new Unrecorded('the page with a null title is neither first nor last')
    return firstUp ? (firstDown ? 'first' : 'smallest') : firstDown ? 'largest' : 'last'
  })
  await record('sortTies', async () => tieRule(up.filter((key) => key.startsWith('tie')), ids))
}

/** The rule that put tied pages (keys of TIES, created in that order) in this order. */
function tieRule(ties: readonly string[], ids: ReadonlyMap<string, string>): 'creation' | 'id' {
  const byId = [...ids].filter(([, key]) => key.startsWith('tie')).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key)
  const creation = same(ties, TIES)
  const asIds = same(ties, byId)
  if (creation && asIds) throw new Unrecorded('the tied pages were created in the order of their ids, so either rule gives their order')
  if (creation) return 'creation'
  if (asIds) return 'id'
  throw new Unrecorded(`tied pages came as ${ties.join(', ')}: neither by id nor by creation`)
}

/**
 * sortTies where no title can be set: pages created alike (the same name) get the same title,
 * whatever a deployment gives a new page (null, or the name), and their order sorted by title is
 * the tie rule's.
 */
async function probeTiesOfNewPages({ call, record, target, siteId }: ProbeSite, why: string): Promise<void> {
  const prefix = `/${target.tag}-alike-`
  const ids = new Map<string, string>()
  const titles = new Set<string>()
  for (const key of TIES) {
    const made = await call('POST', '/v6/pages', { siteId, pathname: `${prefix}${key}`, name: `${target.tag} alike` })
    if (made.status !== 201) return record('sortTies', async () => Promise.reject(new Unrecorded(`${why}; a page for the ties could not be created either (${made.status})`)))
    ids.set(String(made.body.id), key)
    titles.add(JSON.stringify(made.body.title))
  }
  await record('sortTies', async () => {
    if (titles.size !== 1) throw new Unrecorded(`${why}, and pages created alike got different titles`)
    const list = await call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=asc&limit=100&includeOffline=true&pathPrefix=${encodeURIComponent(prefix)}`)
    if (list.status !== 200) throw new Unrecorded(`the pages sorted by title answered ${list.status}`)
    return tieRule(listedKeys(list, ids), ids)
  })
}

/** Every item of a list, walked with its cursor (up to 100 pages of 100). */
async function walk(call: ProbeSite['call'], path: string): Promise<Answer['body'][]> {
  const items: Answer['body'][] = []
  let cursor: string | undefined
  for (let pageCount = 0; pageCount < 100; pageCount++) {
    const list = await call('GET', `${path}&limit=100${cursor ? `&startingAfter=${cursor}` : ''}`)
    if (list.status !== 200) throw new Unrecorded(`${path.split('?')[0]} answered ${list.status}`)
    const data = list.body.data ?? []
    items.push(...data)
    if (!list.body.hasMore || data.length === 0) return items
    cursor = String(data.at(-1)!.id)
  }
  return items
}

/** The order of the sites, locales and routes lists, each from items created in an order no other rule gives. */
export async function probeListOrders({ call, record, target, siteId, otherSiteId }: ProbeSite): Promise<void> {
  const { tag } = target
  await record('siteListOrder', async () => {
    if (otherSiteId instanceof Unrecorded) throw otherSiteId
    const listed = async (): Promise<string[]> => (await walk(call, `/v2/sites?workspaceId=${target.workspaceId}`)).map((site) => String(site.id)).filter((id) => id === siteId || id === otherSiteId)
    const seen = await listed()
    if (seen.length !== 2) throw new Unrecorded('the two probe sites were not both found in the sites list')
    // The second site's name ("… choices second") sorts after the first's ("… choices") too: only newest first puts it before.
    if (seen[0] === otherSiteId) return 'newest-first'
    // Renamed to sort before the first site by name, in any case: a list by name now puts it first, one by creation does not.
    const renamed = await call('PATCH', `/v2/sites/${otherSiteId}`, { name: `${tag} a second` })
    if (renamed.status !== 200) throw new Unrecorded(`the sites came in creation order, and the second could not be renamed to tell it from an order by name (${renamed.status})`)
    const again = await listed()
    if (again.length !== 2) throw new Unrecorded('the two probe sites were not both found in the sites list after a rename')
    return again[0] === otherSiteId ? 'name' : 'oldest-first'
  })
  await record('localeListOrder', async () => {
    const codes: string[] = []
    const before = await walk(call, `/v2/locales?siteId=${siteId}`)
    const defaultCode = before.find((locale) => locale.isDefault === true)?.locale
    if (typeof defaultCode !== 'string') throw new Unrecorded("the site's default locale was not listed")
    codes.push(defaultCode)
    // Created after the default: fr-FR, then de-DE; by code de-DE comes first.
    for (const code of ['fr-FR', 'de-DE'].filter((code) => code !== defaultCode)) {
      const made = await call('POST', '/v2/locales', { siteId, locale: code })
      if (made.status !== 201) throw new Unrecorded(`the locale ${code} could not be created (${made.status})`)
      codes.push(code)
    }
    const listed = (await walk(call, `/v2/locales?siteId=${siteId}`)).map((locale) => String(locale.locale)).filter((code) => codes.includes(code))
    if (same(listed, codes)) return 'creation'
    if (same(listed, [...codes].sort())) return 'code'
    throw new Unrecorded(`locales created as ${codes.join(', ')} were listed as ${listed.join(', ')}: neither in creation order nor by code`)
  })
  await record('routeListOrder', async () => {
    const made = new Map<string, string>()
    for (const key of ['route-b', 'route-a']) {
      const route = await call('POST', '/v2/routes', { siteId, pathname: `/${tag}-${key}` })
      if (route.status !== 201) throw new Unrecorded(`a probe route could not be created (${route.status})`)
      made.set(String(route.body.id), key)
    }
    const listed = (await walk(call, `/v2/routes?siteId=${siteId}`)).map((route) => made.get(String(route.id))).filter((key): key is string => key !== undefined)
    if (same(listed, ['route-b', 'route-a'])) return 'creation'
    if (same(listed, ['route-a', 'route-b'])) return 'pathname'
    throw new Unrecorded(`routes created as route-b, route-a were listed as ${listed.join(', ')}`)
  })
}
