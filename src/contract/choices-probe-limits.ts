import { choice } from '../freedom/catalogue.js'
import { ok, Unrecorded, type Answer, type ProbeSite } from './choices-probe-kit.js'

/**
 * The longest value accepted, by the answers to values of chosen lengths: sitemock's limit and
 * one more first (two requests when the deployment agrees), then a binary search below it or up
 * to `ceiling`, past which the limit is recorded as none. `shortest` must be accepted and one
 * character more too: when they are not, the input is refused for what it is, not for its length,
 * and a search would learn the wrong limit.
 */
export async function limitOf(accepts: (length: number) => Promise<boolean>, sitemock: number, shortest: number, ceiling = 65_536): Promise<number | null> {
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
    if (!(await accepts(shortest)) || !(await accepts(shortest + 1))) throw new Unrecorded(`values of ${shortest} and ${shortest + 1} characters were not both accepted, so the length is not what refuses them`)
    return search(shortest + 1, sitemock)
  }
  if (await accepts(ceiling)) return null
  return search(sitemock + 1, ceiling)
}

const padded = (prefix: string, length: number, suffix = ''): string => prefix + 'x'.repeat(Math.max(0, length - prefix.length - suffix.length)) + suffix

/** Whether the answer took the value: a success that shows the field as sent (a deployment that ignores a field answers 200 too). */
const took = (answer: Answer, field: string, value: unknown): boolean => ok(answer) && answer.body[field] === value

/** The five length limits, each by a request whose only possible fault is its length. */
export async function probeLimits({ call, record, target, siteId }: ProbeSite, pageId: string): Promise<void> {
  const { tag } = target
  const patchSite = (body: Record<string, unknown>): Promise<Answer> => call('PATCH', `/v2/sites/${siteId}`, body)
  const patchPage = (body: Record<string, unknown>): Promise<Answer> => call('PATCH', `/v6/pages/${pageId}`, body)
  const takesPage = async (field: string, value: string): Promise<boolean> => took(await patchPage({ [field]: value }), field, value)
  await record('nameMaxLength', async () => limitOf(async (n) => ok(await patchSite({ name: padded(`${tag} `, n) })), choice('nameMaxLength').sitemock as number, tag.length + 1))
  await record('urlMaxLength', async () => {
    // A canonicalUrl with a path of any length is a URL every deployment takes; where a page
    // update ignores or refuses it, a site's hostOrigin with a longer and longer path instead.
    const sitemock = choice('urlMaxLength').sitemock as number
    const base = 'https://example.com/'
    if (await takesPage('canonicalUrl', `${base}a`)) return limitOf((n) => takesPage('canonicalUrl', padded(base, n)), sitemock, base.length + 1)
    return limitOf(async (n) => took(await patchSite({ hostOrigin: padded(base, n) }), 'hostOrigin', padded(base, n)), sitemock, base.length + 1)
  })
  await record('titleMaxLength', async () => {
    if (!(await takesPage('title', 'x'))) throw new Unrecorded('a page update does not set the title, so its limit cannot be seen')
    return limitOf((n) => takesPage('title', padded('', n)), choice('titleMaxLength').sitemock as number, 1)
  })
  await record('descriptionMaxLength', async () => {
    if (!(await takesPage('description', 'x'))) throw new Unrecorded('a page update does not set the description, so its limit cannot be seen')
    return limitOf((n) => takesPage('description', padded('', n)), choice('descriptionMaxLength').sitemock as number, 1)
  })
  await record('pathnameMaxLength', async () => limitOf(async (n) => ok(await patchPage({ pathname: padded(`/${tag}-long-`, n) })), choice('pathnameMaxLength').sitemock as number, tag.length + 7))
  // The probes leave the page as it was: its pathname, and no title or description to sort by.
  await patchPage({ pathname: `/${tag}-first` })
  await patchPage({ title: null, description: null, canonicalUrl: null })
  await patchSite({ name: `${tag} choices` })
}
