import { describe, expect, it } from 'vitest'
import { runContract } from '../../src/contract/runner.js'
import { GROUPS, type ContractReport, type Group } from '../../src/contract/types.js'
import { withFreeChoices, type FreeChoice } from './free-choices.js'
import { defectHost } from './implementation-host.js'
import { startIndependent } from './independent/index.js'
import { defectiveHandle, type Defect } from './nonconforming-server.js'
import { startPermissive } from './permissive/index.js'
import { describeFailures, implementationOptions, withStatus } from './support.js'

/**
 * The suite against the strict and the permissive implementation behind free choices nobody
 * tuned it to (free-choices.ts): new pages offline, a response without defaultLocalePathPrefix,
 * input kept in another form, the page update's search fields ignored or refused, an unknown
 * cursor as a 404, whole-second timestamps, brackets refused in a route pathname... No document
 * rules any of them out, so no check may fail and at most 2 may be skipped; and the defects of
 * the catalogues are still caught behind the same choices.
 */
const IMPLEMENTATIONS = { strict: startIndependent, permissive: startPermissive } as const
type Kind = keyof typeof IMPLEMENTATIONS

/** Combinations of choices, each alternative of a class in one of them (the strict implementation refuses a route pathname without its slash, so it never adds one). */
const COMBINATIONS: Array<{ kind: Kind; choices: FreeChoice[] }> = [
  {
    kind: 'strict',
    choices: ['new-pages-offline', 'no-default-locale-path-prefix', 'trailing-slash-dropped', 'names-trimmed', 'locale-codes-lower-case', 'page-search-fields-refused', 'unknown-cursor-404', 'whole-second-clock', 'route-brackets-refused'],
  },
  { kind: 'strict', choices: ['origins-with-trailing-slash', 'canonical-locale-codes', 'page-search-fields-ignored', 'site-id-beside-id-ignored', 'live-locale-restore-200'] },
  {
    kind: 'permissive',
    choices: ['new-pages-offline', 'no-default-locale-path-prefix', 'origins-with-trailing-slash', 'canonical-locale-codes', 'leading-slash-added', 'page-search-fields-ignored', 'site-id-beside-id-ignored', 'live-locale-restore-200', 'whole-second-clock', 'route-brackets-refused'],
  },
  { kind: 'permissive', choices: ['locale-codes-lower-case', 'page-search-fields-refused', 'unknown-cursor-404', 'trailing-slash-dropped', 'names-trimmed'] },
]

/**
 * Instants of unlike lengths: a page created at `…:05Z` (its createdAt to the second) and updated
 * at `…:05.2Z` within that second. RFC 3339 lets a deployment write as many fraction digits as it
 * likes; the text `…:05.2Z` sorts before `…:05Z`, the time after it.
 */
const INSTANT_FORMS: FreeChoice[] = ['fewest-fraction-digits', 'created-at-seconds']

const NOT_STATEFUL = GROUPS.filter((group) => group !== 'stateful')

async function run(kind: Kind, choices: FreeChoice[], overrides: { defect?: Defect; only?: Group[]; concurrency?: number } = {}): Promise<ContractReport> {
  const { defect } = overrides
  const server = await IMPLEMENTATIONS[kind]({
    wrap: (inner, workspaces) => {
      const chosen = withFreeChoices(inner, choices)
      return defect ? defectiveHandle(defectHost(chosen, workspaces), [defect]) : chosen
    },
  })
  try {
    return await runContract(implementationOptions(server, { only: overrides.only ?? NOT_STATEFUL, ...(overrides.concurrency ? { concurrency: overrides.concurrency } : {}) }))
  } finally {
    await server.close()
  }
}

describe('the contract suite against implementations behind free choices', () => {
  it.each(COMBINATIONS)('the $kind implementation with $choices fails no check and skips at most 2', async ({ kind, choices }) => {
    const report = await run(kind, choices)
    expect(describeFailures(report)).toBe('')
    expect(withStatus(report, 'skipped').map((check) => `${check.id}: ${check.reason ?? ''}`).length, withStatus(report, 'skipped').map((check) => `${check.id}: ${check.reason ?? ''}`).join('\n')).toBeLessThanOrEqual(2)
    expect(report.cleanup.leftBehind).toEqual([])
  }, 300_000)

  it.each(Object.keys(IMPLEMENTATIONS) as Kind[])('the %s implementation writing its instants with the fewest digits, createdAt to the second, fails no lifecycle check: instants are compared in time, not as text', async (kind) => {
    const report = await run(kind, INSTANT_FORMS, { only: ['lifecycle'] })
    expect(describeFailures(report)).toBe('')
  }, 300_000)

  // A lenient target takes an empty site name: a hostOrigin probe after it (run in this order one
  // check at a time) must not be left without a field that keeps the run tag, which the guard refuses.
  it('the safety guard stops none of the validation probes of a target that takes an empty site name', async () => {
    const report = await run('permissive', [], { only: ['validation'], concurrency: 1 })
    expect(describeFailures(report)).toBe('')
    // The run learned first that this target takes an empty name (emptySiteName: accepted) and holds it to that.
    expect(report.checks.find((check) => check.id === 'validation.patch.v2-sites-siteId.name.out-of-range')?.status).toBe('passed')
    expect(report.notices.join('\n')).toMatch(/emptySiteName/)
  }, 300_000)

  /** Defects of documented rules behind the choices that could hide them, and the check that must still fail. */
  const CAUGHT: Array<{ kind: Kind; choices: FreeChoice[]; defect: Defect; only: Group[]; caughtBy: string }> = [
    { kind: 'strict', choices: ['whole-second-clock'], defect: 'updated-at-frozen', only: ['lifecycle'], caughtBy: 'lifecycle.timestamps.page' },
    { kind: 'permissive', choices: ['whole-second-clock'], defect: 'created-at-follows-update', only: ['lifecycle'], caughtBy: 'lifecycle.timestamps.page' },
    { kind: 'permissive', choices: ['new-pages-offline'], defect: 'has-more-at-exact-limit', only: ['pagination'], caughtBy: 'pagination.pages.boundaries' },
    { kind: 'strict', choices: ['new-pages-offline'], defect: 'pagination-repeats-an-item', only: ['pagination'], caughtBy: 'pagination.sites.walk' },
    { kind: 'strict', choices: ['no-default-locale-path-prefix'], defect: 'wrong-field-type', only: ['schema'], caughtBy: 'schema.get.v2-sites-siteId' },
    { kind: 'permissive', choices: ['origins-with-trailing-slash', 'names-trimmed'], defect: 'update-not-applied', only: ['lifecycle'], caughtBy: 'lifecycle.site.update' },
    { kind: 'strict', choices: ['unknown-cursor-404'], defect: 'cursor-drops-next-item', only: ['pagination'], caughtBy: 'pagination.locales.boundaries' },
    { kind: 'permissive', choices: ['page-search-fields-refused'], defect: 'sort-direction-ignored', only: ['pagination'], caughtBy: 'pagination.pages.order.path-desc' },
    { kind: 'strict', choices: ['route-brackets-refused'], defect: 'route-over-page-accepted', only: ['conflicts'], caughtBy: 'conflicts.route-over-page' },
    { kind: 'permissive', choices: ['new-pages-offline'], defect: 'site-list-skips-after-cursor', only: ['pagination'], caughtBy: 'pagination.sites.walk' },
  ]

  it.each(CAUGHT)('catches $defect through $caughtBy on the $kind implementation with $choices', async ({ kind, choices, defect, only, caughtBy }) => {
    const report = await run(kind, choices, { defect, only })
    const result = report.checks.find((check) => check.id === caughtBy)
    expect(result?.status, `${caughtBy}: ${result?.failures.map((failure) => failure.message.split('\n')[0]).join(' | ') ?? 'no such check'}`).toBe('failed')
  }, 300_000)
})
