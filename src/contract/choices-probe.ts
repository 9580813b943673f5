import { choice, type ChoiceId, type Choices, type ChoicesFile } from '../contracts/choices.js'
import { taggedOrigin } from './tag.js'

/**
 * `sitemock contract --write-choices`: targeted probes that find which free choice (see
 * contracts/schemas/choices.json) a deployment made. Everything a probe creates lives in one site
 * (and a second for the sites' order) named with the run tag, deleted at the end whatever happens;
 * nothing else is changed. A choice whose probe gives an answer no alternative explains is left
 * unrecorded, with the reason, rather than guessed.
 */

export interface ProbeTarget {
  baseUrl: string
  apiKey: string
  workspaceId: string
  /** The run's tag, contract-<run id>: in the name or pathname of everything the probes create. */
  tag: string
  signal?: AbortSignal
}

interface Answer {
  status: number
  body: Record<string, unknown> & { data?: Array<Record<string, unknown>> }
}

/** A probe whose answer no alternative explains. */
class Unrecorded extends Error {}

type Recorder = (id: ChoiceId, find: () => Promise<Choices[ChoiceId]>) => Promise<void>

/** The deployment's free choices as the probes found them, and why the others are not recorded. */
export async function probeChoices(target: ProbeTarget): Promise<ChoicesFile> {
  const call = caller(target)
  const choices: Record<string, unknown> = {}
  const unrecorded: Record<string, string> = {}
  const record: Recorder = async (id, find) => {
    try {
      choices[id] = await find()
    } catch (error) {
      if (!(error instanceof Unrecorded)) throw error
      unrecorded[id] = error.message
    }
  }
  const site = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name: `${target.tag} choices` })
  if (site.status !== 201) throw new Error(`the probes' site could not be created: POST /v2/sites answered ${site.status}`)
  const siteId = String(site.body.id)
  const created: string[] = [siteId]
  try {
    await probeSite(call, target, siteId, String(site.body.publicApiKey), record, created)
  } finally {
    for (const id of created.reverse()) await call('DELETE', `/v2/sites/${id}`).catch(() => undefined)
  }
  return { target: target.baseUrl, recordedAt: new Date().toISOString(), choices: choices as Choices, ...(Object.keys(unrecorded).length ? { unrecorded } : {}) }
}

type Call = (method: string, path: string, body?: unknown, key?: string) => Promise<Answer>

function caller(target: ProbeTarget): Call {
  return async (method, path, body, key) => {
    const headers: Record<string, string> = { 'x-api-key': key ?? target.apiKey, accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(target.baseUrl.replace(/\/$/, '') + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: target.signal })
    const text = await response.text()
    let parsed: Answer['body'] = {}
    try {
      parsed = text ? (JSON.parse(text) as Answer['body']) : {}
    } catch {
      // A body that is not JSON is judged by its status alone.
    }
    return { status: response.status, body: parsed }
  }
}

/** Two statuses, each one alternative; any other status is not a choice the catalogue knows. */
function either<A, B>(answer: Answer, what: string, yes: [number, A], no: [number, B]): A | B {
  if (answer.status === yes[0]) return yes[1]
  if (answer.status === no[0]) return no[1]
  throw new Unrecorded(`${what} answered ${answer.status}, neither ${yes[0]} nor ${no[0]}`)
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The longest value accepted, by the answers to values of chosen lengths: sitemock's limit and
 * one more first (two requests when the deployment agrees), then a binary search below it or up
 * to `ceiling`, past which the limit is recorded as none.
 */
async function limitOf(accepts: (length: number) => Promise<boolean>, sitemock: number, shortest: number, ceiling = 65_536): Promise<number | null> {
  const search = async (low: number, high: number): Promise<number> => {
    // low is accepted, high is refused.
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (await accepts(middle)) low = middle
      else high = middle
    }
    return low
  }
  if (!(await accepts(sitemock + 1))) {
    if (await accepts(sitemock)) return sitemock
    if (!(await accepts(shortest))) throw new Unrecorded(`even a value of ${shortest} characters was refused`)
    return search(shortest, sitemock)
  }
  if (await accepts(ceiling)) return null
  return search(sitemock + 1, ceiling)
}

async function probeSite(call: Call, target: ProbeTarget, siteId: string, siteKey: string, record: Recorder, created: string[]): Promise<void> {
  const { tag } = target
  const padded = (prefix: string, length: number): string => prefix + 'x'.repeat(Math.max(0, length - prefix.length))
  const ok = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300
  const page = await call('POST', '/v6/pages', { siteId, pathname: `/${tag}-first`, name: `${tag} first` })
  if (page.status !== 201) throw new Error(`the probes' page could not be created: POST /v6/pages answered ${page.status}`)
  const pageId = String(page.body.id)

  // First values: read off the page as created, before anything changes it.
  await record('newPageTitle', async () => (page.body.title === null ? 'null' : page.body.title === `${tag} first` ? 'name' : unexplained('title', page.body.title)))
  await record('newPageExcludedFromSearchEngines', async () => (page.body.excludedFromSearchEngines === null ? 'null' : page.body.excludedFromSearchEngines === false ? 'false' : unexplained('excludedFromSearchEngines', page.body.excludedFromSearchEngines)))
  await record('updatedAtAtCreation', async () => (page.body.updatedAt === null ? 'null' : page.body.updatedAt === page.body.createdAt ? 'createdAt' : unexplained('updatedAt', page.body.updatedAt)))
  await record('pageLocale', async () => ('locale' in page.body ? 'present' : 'absent'))
  await record('emptyPatchUpdatedAt', async () => {
    // Past the millisecond of the creation, so that a clock of milliseconds can show a move.
    await sleep(5)
    const patched = await call('PATCH', `/v6/pages/${pageId}`, {})
    if (patched.status !== 200) throw new Unrecorded(`an empty PATCH of a page answered ${patched.status}`)
    return patched.body.updatedAt === page.body.updatedAt ? 'unchanged' : 'moves'
  })

  // Validation: each probe is a request only the choice decides.
  const patchSite = (body: unknown): Promise<Answer> => call('PATCH', `/v2/sites/${siteId}`, body)
  const patchPage = (body: unknown): Promise<Answer> => call('PATCH', `/v6/pages/${pageId}`, body)
  await record('nameMaxLength', async () => limitOf(async (n) => ok(await patchSite({ name: padded(`${tag} `, n) })), choice('nameMaxLength').sitemock as number, tag.length + 1))
  await record('urlMaxLength', async () => limitOf(async (n) => ok(await patchSite({ hostOrigin: padded('https://example.com/', n) })), choice('urlMaxLength').sitemock as number, 20))
  await record('titleMaxLength', async () => limitOf(async (n) => ok(await patchPage({ title: padded('', n) })), choice('titleMaxLength').sitemock as number, 1))
  await record('descriptionMaxLength', async () => limitOf(async (n) => ok(await patchPage({ description: padded('', n) })), choice('descriptionMaxLength').sitemock as number, 1))
  await record('pathnameMaxLength', async () => limitOf(async (n) => ok(await patchPage({ pathname: padded(`/${tag}-long-`, n) })), choice('pathnameMaxLength').sitemock as number, tag.length + 7))
  await record('pagePathnameForm', async () => either(await patchPage({ pathname: `${tag}-no-slash` }), 'a page pathname without its leading slash', [200, 'any'], [400, 'slash-first']))
  await patchPage({ pathname: `/${tag}-first`, title: null, description: null })
  await record('controlCharacters', async () => either(await patchSite({ name: `${tag} bell\u0007` }), 'a control character in a name', [200, 'accepted'], [400, 'refused']))
  // The tag goes in hostOrigin while the name cannot hold it: the site stays the run's, were '' accepted.
  await record('emptySiteName', async () => either(await patchSite({ name: '', hostOrigin: taggedOrigin(tag) }), 'an empty site name', [200, 'accepted'], [400, 'refused']))
  await record('unknownBodyFields', async () => either(await patchSite({ name: `${tag} choices`, contractProbe: 1 }), 'an unknown body field', [200, 'ignored'], [400, 'refused']))
  // Whatever the probes did to the name, it carries the run tag again.
  await patchSite({ name: `${tag} choices` })
  await record('urlFormat', async () => either(await patchPage({ canonicalUrl: 'not a url' }), 'a canonicalUrl that is not a URL', [200, 'any-string'], [400, 'absolute-url']))
  await record('limitZero', async () => either(await call('GET', `/v2/sites?workspaceId=${target.workspaceId}&limit=0`), 'limit=0 on the sites list', [200, 'accepted'], [400, 'refused']))
  await record('pathPrefixForm', async () => either(await call('GET', `/v6/pages?siteId=${siteId}&pathPrefix=${tag}`), 'a pathPrefix without a slash', [200, 'any'], [400, 'slash-first']))
  await record('emptyLocaleQuery', async () => either(await call('GET', `/v6/pages?siteId=${siteId}&locale=`), 'an empty locale=', [200, 'default'], [400, 'refused']))
  await record('unknownQueryParameters', async () => either(await call('GET', `/v2/sites/${siteId}?contractProbe=1`), 'an unknown query parameter', [200, 'ignored'], [400, 'refused']))
  await record('localeCodeCase', async () => either(await call('POST', '/v2/locales', { siteId, locale: 'pt-br' }), 'the locale code pt-br', [201, 'any-case'], [400, 'strict']))

  // Lookups and which error wins.
  await record('malformedPathId', async () => either(await call('GET', '/v2/sites/not-a-uuid'), 'a malformed site id in the path', [400, '400'], [404, '404']))
  await record('accessOrder', async () => either(await call('GET', '/v2/sites/00000000-0000-4000-8000-000000000001', undefined, siteKey), "a Site key asking for a site that does not exist", [403, 'permission-first'], [404, 'existence-first']))
  await record('restoreLiveLocale', async () => {
    const locales = await call('GET', `/v2/locales?siteId=${siteId}`)
    const live = locales.body.data?.[0]?.id
    if (typeof live !== 'string') throw new Unrecorded(`the site's locales could not be listed (${locales.status})`)
    return either(await call('POST', `/v2/locales/${live}/restore`), 'restoring a live locale', [409, '409'], [404, '404'])
  })
  await record('pageUnknownLocale', async () => {
    const answer = await call('GET', `/v6/pages?siteId=${siteId}&locale=zz-ZZ`)
    if (answer.status === 200 && answer.body.data?.length === 0) return 'empty-list'
    return either(answer, 'a page list in a locale the site lacks', [400, '400'], [404, '404'])
  })

  await probeOrders(call, target, siteId, record, created)
}

function unexplained(field: string, value: unknown): never {
  throw new Unrecorded(`a new page's ${field} is ${JSON.stringify(value)}, which no alternative explains`)
}

const TIES = ['tie1', 'tie2', 'tie3', 'tie4', 'tie5', 'tie6']

/** The page sort's nulls, collation and ties, and the order of the sites list. */
async function probeOrders(call: Call, target: ProbeTarget, siteId: string, record: Recorder, created: string[]): Promise<void> {
  const { tag } = target
  const titled: Array<{ key: string; title: string | null }> = [
    { key: 'upper', title: 'B' },
    { key: 'lower', title: 'a' },
    { key: 'none', title: null },
    // Six tied pages: their ids come in creation order by chance once in 720 runs, when the tie rule cannot be told.
    ...TIES.map((key) => ({ key, title: 'same' })),
  ]
  const ids = new Map<string, string>()
  for (const { key, title } of titled) {
    const made = await call('POST', '/v6/pages', { siteId, pathname: `/${tag}-${key}`, name: `${tag} ${key}` })
    if (made.status !== 201) throw new Error(`a probe page could not be created: POST /v6/pages answered ${made.status}`)
    const patched = await call('PATCH', `/v6/pages/${String(made.body.id)}`, { title })
    if (patched.status !== 200 || patched.body.title !== title) {
      for (const id of ['nullsSort', 'sortCollation', 'sortTies'] as const) await record(id, async () => Promise.reject(new Unrecorded(`the title of a probe page could not be set (PATCH answered ${patched.status})`)))
      return
    }
    ids.set(String(made.body.id), key)
  }
  const order = async (direction: string): Promise<string[]> => {
    const list = await call('GET', `/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=${direction}&limit=100&pathPrefix=${encodeURIComponent(`/${tag}-`)}`)
    if (list.status !== 200) throw new Unrecorded(`the pages sorted by title answered ${list.status}`)
    return (list.body.data ?? []).map((p) => ids.get(String(p.id))).filter((key): key is string => key !== undefined)
  }
  const asc = await order('asc').catch((error: unknown) => error)
  const desc = await order('desc').catch((error: unknown) => error)
  const sorted = Array.isArray(asc) && Array.isArray(desc) ? { asc: asc as string[], desc: desc as string[] } : undefined
  const failed = (): never => {
    throw asc instanceof Unrecorded ? asc : desc instanceof Unrecorded ? desc : new Unrecorded('the pages sorted by title could not be read')
  }
  await record('nullsSort', async () => {
    const { asc: up, desc: down } = sorted ?? failed()
    const firstUp = up[0] === 'none'
    const firstDown = down[0] === 'none'
    if (!firstUp && up.at(-1) !== 'none') throw new Unrecorded('the page with a null title is neither first nor last')
    return firstUp ? (firstDown ? 'first' : 'smallest') : firstDown ? 'largest' : 'last'
  })
  await record('sortCollation', async () => {
    const { asc: up } = sorted ?? failed()
    return up.indexOf('upper') < up.indexOf('lower') ? 'code-unit' : 'case-insensitive'
  })
  await record('sortTies', async () => {
    const { asc: up } = sorted ?? failed()
    const ties = up.filter((key) => key.startsWith('tie'))
    const creation = ties.join() === TIES.join()
    const idsOfTies = [...ids].filter(([, key]) => key.startsWith('tie'))
    const byId = [...idsOfTies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key)
    const asIds = ties.join() === byId.join()
    if (creation && asIds) throw new Unrecorded('the tied pages were created in the order of their ids, so either rule gives their order')
    if (creation) return 'creation'
    if (asIds) return 'id'
    throw new Unrecorded(`tied pages came as ${ties.join(', ')}: neither by id nor by creation`)
  })
  await record('siteListOrder', async () => {
    const second = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name: `${tag} choices second` })
    if (second.status !== 201) throw new Unrecorded(`a second site could not be created (${second.status})`)
    const secondId = String(second.body.id)
    created.push(secondId)
    const seen: string[] = []
    let cursor: string | undefined
    for (let pageCount = 0; pageCount < 100; pageCount++) {
      const list = await call('GET', `/v2/sites?workspaceId=${target.workspaceId}&limit=100${cursor ? `&startingAfter=${cursor}` : ''}`)
      if (list.status !== 200) throw new Unrecorded(`the sites list answered ${list.status}`)
      const data = list.body.data ?? []
      seen.push(...data.map((s) => String(s.id)).filter((id) => id === siteId || id === secondId))
      if (seen.length === 2 || !list.body.hasMore || data.length === 0) break
      cursor = String(data.at(-1)!.id)
    }
    if (seen.length !== 2) throw new Unrecorded('the two probe sites were not both found in the sites list')
    return seen[0] === siteId ? 'oldest-first' : 'newest-first'
  })
}
