import { afterAll, describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { choiceCatalogue } from '../../src/freedom/catalogue-words.js'
import { choice, type ChoiceId, type Choices, type ChoicesFile } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'

/**
 * Every probe of `--write-choices`, proved on targets that chose each alternative: the mock,
 * started over HTTP with one class at one alternative, is probed, and the probe must learn that
 * very alternative back. So the mock follows every class (or the probe could not see it) and the
 * probe tells every alternative apart.
 */

/** Limits to try for a length class: sitemock's, a tighter one, and none. */
const LIMITS: Partial<Record<ChoiceId, Array<number | null>>> = {
  nameMaxLength: [256, 100, null],
  urlMaxLength: [2048, 300, null],
  titleMaxLength: [512, 60, null],
  descriptionMaxLength: [4096, 1000, null],
  pathnameMaxLength: [2048, 200, null],
}

/** What must hold for a class to be seen at all: its stored form needs the input accepted first. */
const NEEDS: Partial<Record<ChoiceId, Choices>> = {
  localeCodeStored: { localeCodeCase: 'any-case' },
  localeLookupCase: { localeCodeCase: 'any-case' },
  // How a lookup reads `_` is its own only where the writes take it.
  localeLookupSpelling: { localeCodeCase: 'any-spelling' },
  pathnameTrailingSlash: { pagePathnameForm: 'any' },
  pagePathnameSlash: { pagePathnameForm: 'any' },
  liveVersion: { newPagePublished: 'published' },
  // A live version goes offline with its page only where going online (and offline) publishes.
  offlineLiveVersion: { pagePublishing: 'going-online' },
  // isOnline: true sent to a page already online publishes it again only where going online publishes at all.
  onlineRepublish: { pagePublishing: 'going-online' },
  // An item of another list answered as one the list leaves out shows that only where such an item has items after it.
  foreignCursor: { cursorOutsideList: 'after-place' },
  // Where a key is refused for its kind shows only with a key so refused.
  keyKindOrder: { publicApiKeyAsSiteKey: 'forbidden' },
  // Whether the publicApiKey reads routes too is its own only where it reads the site's pages.
  publicApiKeyRoutes: { publicApiKeyAsSiteKey: 'online-pages' },
  // How it meets offline pages (refused, hidden, read) is its own only where it reads the site's locales and online pages.
  publicApiKeyOfflinePages: { publicApiKeyAsSiteKey: 'online-pages' },
  // Whether it reads its site too is its own only where it reads the site's pages and no site of itself.
  publicApiKeySiteRead: { publicApiKeyAsSiteKey: 'online-pages' },
  // Whether it reads its locales too is its own only where it reads the site's pages as published alone.
  publicApiKeyLocales: { publicApiKeyAsSiteKey: 'live-pages' },
  // What a site's page list does with the page list's parameters it does not take is its own only where some are untaken and unknown ones ignored.
  sitePagesUntaken: { sitePagesQuery: 'pagination', unknownQueryParameters: 'ignored' },
  // A locale that is no code is refused for its form apart only where a code the site lacks is not refused too.
  localeQueryForm: { pageUnknownLocale: 'empty-list' },
  // Where the route rules are judged is its own only where the whole input goes first.
  routeRulesOrder: { validationOrder: 'input-first' },
}

/** What one alternative needs to be told from another: a page read's own 400 differs from its list's only where the list answers otherwise. */
const NEEDS_AT: Partial<Record<string, Choices>> = {
  'pageReadUnknownLocale="400"': { pageUnknownLocale: 'empty-list' },
  // An empty code looked up as any code is told from one refused only where a code the site lacks is not refused too.
  'emptyLocaleQuery="unknown"': { pageUnknownLocale: 'empty-list' },
}

/**
 * The alternatives told only with the Site key of a site of the user's (--site-api-key): a
 * publicApiKey that reads all its site's Site key reads is kept apart from it only where that key
 * is another.
 */
const WITH_SITE_KEY = new Set(['publicApiKeyAsSiteKey="reads"'])

/** Ties by id or creation cannot be told apart when the ids happened to come in creation order (once in 720 runs). */
const BY_CHANCE = new Set<ChoiceId>(['sortTies'])

const cases = choiceCatalogue.flatMap((c) => (Array.isArray(c.alternatives) ? c.alternatives : LIMITS[c.id]!).map((value) => ({ id: c.id, value })))

interface Learned {
  recorded: unknown
  reason: string | undefined
  /** Classes the run neither recorded nor gave a reason for (a probe skipped when another could not be made). */
  missing: string[]
}

/** The choices a case starts the mock with: its class at its value (left out when it is sitemock's), over what the class needs. */
const startedWith = (id: ChoiceId, value: unknown): Choices => ({ ...NEEDS[id], ...NEEDS_AT[`${id}=${JSON.stringify(value)}`], ...(value === choice(id).sitemock ? {} : { [id]: value }) }) as Choices

/** What a case probes: the choices it starts the mock with, and whether the probes are given the Site key of a site of the first workspace. */
const runOf = (id: ChoiceId, value: unknown): { choices: Choices; siteKey: boolean } => ({ choices: startedWith(id, value), siteKey: WITH_SITE_KEY.has(`${id}=${JSON.stringify(value)}`) })

/** Probes a mock started with these choices: one run serves every case that starts the mock the same way (sitemock's own values, most of all). */
async function probeMock({ choices, siteKey }: ReturnType<typeof runOf>, run: number): Promise<ChoicesFile> {
  const server = await listen(createMock({ choices }), { port: 0, host: '127.0.0.1' })
  try {
    const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
    const workspace = creds.workspaces[0]!
    const siteApiKey = siteKey ? creds.sites.find((site) => site.workspaceId === workspace.id)!.siteApiKey : undefined
    return await probeChoices({ baseUrl: server.url, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag: `contract-${run.toString(16).padStart(8, '0')}`, ...(siteApiKey === undefined ? {} : { siteApiKey }) })
  } finally {
    await server.close()
  }
}

const results = new Map<string, Learned>()

describe('the probes learn back every class × alternative the mock was started with', () => {
  afterAll(() => {
    const right = [...results.entries()].filter(([key, learned]) => key.endsWith(`=${JSON.stringify(learned.recorded)}`)).length
    console.info(`choices sweep: ${right} of ${cases.length} class × alternative cases learned back, over ${choiceCatalogue.length} classes`)
  })

  it('runs every case', async () => {
    const runs = new Map<string, ReturnType<typeof runOf>>()
    for (const { id, value } of cases) runs.set(JSON.stringify(runOf(id, value)), runOf(id, value))
    const files = new Map<string, ChoicesFile>()
    // Four targets at a time: each probe run is about a hundred sequential requests.
    const queue = [...runs].map(([key, probed], i) => ({ key, probed, run: i + 1 }))
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next; next = queue.shift()) files.set(next.key, await probeMock(next.probed, next.run))
    }
    await Promise.all([worker(), worker(), worker(), worker()])
    for (const { id, value } of cases) {
      const file = files.get(JSON.stringify(runOf(id, value)))!
      const missing = choiceCatalogue.map((c) => c.id).filter((other) => !(other in file.choices) && !(other in (file.unrecorded ?? {})))
      results.set(`${id}=${JSON.stringify(value)}`, { recorded: file.choices[id], reason: file.unrecorded?.[id], missing })
    }
    console.info(`choices sweep: ${runs.size} probe runs for ${cases.length} cases`)
    const wrong = cases
      .map(({ id, value }) => ({ id, value, ...results.get(`${id}=${JSON.stringify(value)}`)! }))
      .filter(({ id, value, recorded, reason }) => recorded !== value && !(BY_CHANCE.has(id) && recorded === undefined && reason !== undefined))
      .map(({ id, value, recorded, reason }) => `${id}: started with ${JSON.stringify(value)}, learned ${JSON.stringify(recorded)}${reason ? ` (${reason})` : ''}`)
    expect(wrong).toEqual([])
    const skipped = [...results].filter(([, learned]) => learned.missing.length > 0).map(([key, learned]) => `${key}: ${learned.missing.join(', ')}`)
    expect(skipped).toEqual([])
    // A mock given no lists answers every list's cursors alike: the probes find no list of its own.
    const ownLists = [...files].filter(([, file]) => file.lists !== undefined).map(([key, file]) => `${key}: ${JSON.stringify(file.lists)}`)
    expect(ownLists).toEqual([])
  }, 120_000)
})
