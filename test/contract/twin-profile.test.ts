import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import { render } from '../../src/contract/reporters/index.js'
import type { ContractReport, Failure, Group } from '../../src/contract/types.js'
import { choice, type ChoiceId } from '../../src/freedom/catalogue.js'
import { check, describeFailures, implementationOptions, withStatus } from './support.js'
import { describeChoices, startTwin, type Twin } from './twin/index.js'

/**
 * `--profile sitemock` against a conformance twin (twin/CHOICES.md): the twin conforms to the
 * documents, so what fails under that profile is sitemock's own choices, each failure naming the
 * choice it holds the twin to (the class of contracts/schemas/choices.json and sitemock's value),
 * and the default profile fails nothing.
 */
const SEED = 68

/** Every group but the stateful one, which runs apart below with a few sequences. */
const GROUPS: Group[] = ['schema', 'auth', 'lifecycle', 'validation', 'conflicts', 'pagination', 'versions']

/**
 * Classes the twin of seed 68 (303 until the catalogue's growth drew it anew) chose otherwise than sitemock, each with checks that touch it and
 * so must fail under the sitemock profile. sortTies is left out: whether its checks see the
 * difference depends on how the run's random ids fall (an order by id that matches creation order);
 * so is emptyLocaleQuery: the twin looks an empty code up (unknown) and refuses a code its site
 * lacks (pageUnknownLocale 400), which answers as sitemock's refusal does.
 */
const TOUCHED: Partial<Record<ChoiceId, string[]>> = {
  newPageOnline: ['lifecycle.page.create'],
  newPageTitle: ['lifecycle.page.create'],
  // A pathname required in every page update: the search fields' checks and the timestamps' meet that first (pageUpdateSearchFields, emptyPatchUpdatedAt and onlineUpdatedAt, which the twin also chose otherwise, hide behind it).
  emptyPageUpdate: [
    'validation.patch.v6-pages-pageIdOrPathname.title.wrong-type',
    'validation.patch.v6-pages-pageIdOrPathname.canonicalUrl.invalid-value',
    'validation.patch.v6-pages-pageIdOrPathname.socialImageUrl.invalid-value',
    'validation.patch.v6-pages-pageIdOrPathname.sitemapFrequency.invalid-value',
    'pagination.pages.foreign-cursor',
    'lifecycle.timestamps.page',
  ],
  malformedPathId: ['validation.get.v2-sites-siteId.siteId.invalid-value'],
  restoreLiveLocale: ['conflicts.locale-restore'],
  // (The pages' foreign cursor check puts a page online first, and meets the required pathname: emptyPageUpdate.)
  unknownCursor: ['pagination.sites.foreign-cursor'],
  // No route create or list where sitemock serves them: every check of the routes meets that first (routePathnameSlash, which the twin also chose otherwise, hides behind it).
  routeOperations: ['validation.route.skip-validation', 'pagination.routes.foreign-cursor', 'schema.get.v2-routes', 'conflicts.route-over-page'],
  siteListOrder: ['pagination.sites.order'],
  duplicateLocaleDomains: ['lifecycle.site.duplicate'],
}

/**
 * sitemock behaviour that no class of the catalogue covers (so no --choices file can record the
 * twin's): its failures name the section of docs/api-behaviour.md that states sitemock's instead.
 */
const UNCATALOGUED: Readonly<Record<string, string>> = {}

/** The classes a failure's reason names, each with the value it gives as sitemock's (JSON: "400", null, 256). */
const namedChoices = (failure: Failure): Array<{ id: string; value: string }> =>
  [...(failure.leftOpen ?? '').matchAll(/sitemock's choice (\w+)=("[^"]*"|null|-?\d+(?:\.\d+)?) \(/g)].map(([, id, value]) => ({ id: id!, value: value! }))

const sitemockValue = (id: ChoiceId): string => JSON.stringify(choice(id).sitemock)

/** Whether the twin drew another alternative of the class than sitemock's. */
const choseOtherwise = (twin: Twin, id: ChoiceId): boolean => (twin.choices as Readonly<Record<string, unknown>>)[id] !== choice(id).sitemock

describe(`the contract suite against the conformance twin of seed ${SEED}`, () => {
  let twin: Twin
  let report: ContractReport
  beforeAll(async () => {
    twin = await startTwin(SEED)
    console.log(`twin seed ${SEED}: ${describeChoices(twin.choices)}`)
    report = await runContract(implementationOptions(twin, { profile: 'sitemock', only: GROUPS }))
  }, 120_000)
  afterAll(() => twin.close())

  it('under --profile sitemock, fails each check that touches a class the twin chose otherwise, naming the class and sitemock\'s value', () => {
    for (const [id, checks] of Object.entries(TOUCHED) as Array<[ChoiceId, string[]]>) {
      expect(choseOtherwise(twin, id), `the twin chose otherwise than sitemock in ${id}`).toBe(true)
      for (const checkId of checks) {
        const result = check(report, checkId)
        expect(result.status, `${checkId} (${id})`).toBe('failed')
        expect(result.failures.flatMap(namedChoices), `${checkId}: the failures name ${id}`).toContainEqual({ id, value: sitemockValue(id) })
      }
    }
    expect(render(report, 'pretty')).toContain(`sitemock's choice unknownCursor=${sitemockValue('unknownCursor')}`)
  })

  it("under --profile sitemock, fails only on sitemock's choices: each failure names a class the twin chose otherwise, with sitemock's value", () => {
    const failed = withStatus(report, 'failed')
    expect(failed.length).toBeGreaterThan(20)
    for (const result of failed) {
      for (const failure of result.failures) {
        const where = `${result.id}: ${failure.message} (${failure.leftOpen ?? 'no reason'})`
        expect(failure.documents, where).toEqual(['sitemock behaviour'])
        const named = namedChoices(failure)
        if (named.length === 0) {
          expect(UNCATALOGUED[result.id], `${where}: names no class of the catalogue`).toBeDefined()
          expect(failure.leftOpen, where).toContain(`sitemock's choice (${UNCATALOGUED[result.id]})`)
          continue
        }
        for (const { id, value } of named) expect(value, `${where}: sitemock's value of ${id}`).toBe(sitemockValue(id as ChoiceId))
        const otherwise = named.filter(({ id }) => choseOtherwise(twin, id as ChoiceId))
        expect(otherwise, `${where}: names a class the twin chose otherwise`).not.toEqual([])
      }
    }
  })

  it("under --profile sitemock, the stateful group's divergences are sitemock's choices, each naming a class the twin chose otherwise", async () => {
    const stateful = await runContract(implementationOptions(twin, { profile: 'sitemock', only: ['stateful'], stateful: { runs: 6, seed: 1 } }))
    const result = check(stateful, 'stateful.model')
    expect(result.status).toBe('failed')
    for (const failure of result.failures) {
      const where = `${failure.message.split('\n')[0]} (${failure.leftOpen ?? 'no reason'})`
      expect(failure.documents, where).toEqual(['sitemock behaviour'])
      const named = namedChoices(failure)
      expect(named, `${where}: names one class of the catalogue`).toHaveLength(1)
      expect(choseOtherwise(twin, named[0]!.id as ChoiceId), `${where}: the twin chose otherwise`).toBe(true)
      expect(named[0]!.value, where).toBe(sitemockValue(named[0]!.id as ChoiceId))
    }
  }, 120_000)

  it('under the default profile, fails no check', async () => {
    const documents = await runContract(implementationOptions(twin, { only: GROUPS }))
    expect(describeFailures(documents), describeChoices(twin.choices)).toBe('')
    expect(withStatus(documents, 'passed').length).toBeGreaterThan(100)
  }, 120_000)
})
