import { choice, type Choices } from '../freedom/catalogue.js'
import { sleep, Unrecorded, unexplained, type Answer, type ProbeSite } from './choices-probe-kit.js'
import { clockTickMs, millisecondsOf, pastTickMs } from './clock-tick.js'

/** The values of newPageSitemapFrequency, as the catalogue lists them: null, and every value the field takes. */
const FREQUENCIES = choice('newPageSitemapFrequency').alternatives as ReadonlyArray<Required<Choices>['newPageSitemapFrequency']>

/** The first values of a new site and page, read off them as created, and how their clock runs. */
export async function probeValues({ call, record, target, site }: ProbeSite, page: Answer['body']): Promise<void> {
  const { tag } = target
  const pageId = String(page.id)
  const valueOf = <const T extends string>(field: string, table: ReadonlyArray<readonly [unknown, T]>): T => {
    const found = table.find(([value]) => value === page[field])
    return found ? found[1] : unexplained(`a new page's ${field}`, page[field])
  }
  await record('newPageTitle', async () => (page.title === `${tag} first` ? 'name' : valueOf('title', [[null, 'null']])))
  await record('newPageExcludedFromSearchEngines', async () => valueOf('excludedFromSearchEngines', [[null, 'null'], [false, 'false'], [true, 'true']]))
  await record('newPageDescription', async () => valueOf('description', [[null, 'null'], ['', 'empty']]))
  await record('newPageCanonicalUrl', async () => valueOf('canonicalUrl', [[null, 'null'], ['', 'empty']]))
  await record('newPageSocialImageUrl', async () => valueOf('socialImageUrl', [[null, 'null'], ['', 'empty']]))
  await record('newPageOnline', async () => valueOf('isOnline', [[true, 'online'], [false, 'offline']]))
  await record('newPageSitemapPriority', async () => valueOf('sitemapPriority', [[null, 'null'], [0.5, '0.5']]))
  await record('newPageSitemapFrequency', async () => valueOf('sitemapFrequency', FREQUENCIES.map((value) => [value === 'null' ? null : value, value] as const)))
  await record('updatedAtAtCreation', async () => (page.updatedAt === null ? 'null' : page.updatedAt === page.createdAt ? 'createdAt' : unexplained("a new page's updatedAt", page.updatedAt)))
  await record('newPagePublished', async () => (page.publishedAt === null ? 'unpublished' : page.publishedAt === page.createdAt ? 'published' : unexplained("a new page's publishedAt", page.publishedAt)))
  await record('pageLocale', async () => ('locale' in page ? 'present' : 'absent'))
  await record('localeManagementMode', async () => {
    const mode = site.localeManagementMode
    return mode === 'internal' || mode === 'external' ? mode : unexplained("a new site's localeManagementMode", mode)
  })
  await record('sitePathPrefixFields', async () => ('defaultLocalePathPrefix' in site ? 'present' : 'absent'))

  // The clock: a whole second in every instant of a page created and changed twice means a clock of seconds (a clock of milliseconds gives that once in 10^9).
  const instants = [page.createdAt]
  for (const name of [`${tag} clock one`, `${tag} clock two`]) {
    const patched = await call('PATCH', `/v6/pages/${pageId}`, { name })
    instants.push(patched.body.updatedAt)
  }
  const milliseconds = instants.map(millisecondsOf).filter((ms): ms is number => ms !== undefined)
  const precision = milliseconds.length < 2 ? undefined : milliseconds.every((ms) => ms === 0) ? 'second' : 'millisecond'
  await record('clockPrecision', async () => precision ?? unexplained('the instants of a page', instants))

  await record('emptyPatchUpdatedAt', async () => {
    const before = await call('GET', `/v6/pages/${pageId}`)
    if (before.status !== 200) throw new Unrecorded(`the probe page could not be read (${before.status})`)
    // Past the instant of the last change, so that the clock can show a move: its millisecond, its tenth or its second.
    await sleep(pastTickMs(clockTickMs(instants)))
    const patched = await call('PATCH', `/v6/pages/${pageId}`, {})
    if (patched.status !== 200) throw new Unrecorded(`an empty PATCH of a page answered ${patched.status}`)
    return patched.body.updatedAt === before.body.updatedAt ? 'unchanged' : 'moves'
  })
}
