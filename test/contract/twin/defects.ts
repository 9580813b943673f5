import { runContract } from '../../../src/contract/runner.js'
import type { ContractReport } from '../../../src/contract/types.js'
import { EXAMPLE_DEFECTS } from '../example-defects.js'
import { defectHost } from '../implementation-host.js'
import { defectiveHandle, type Defect } from '../nonconforming-server.js'
import { SEMANTIC_DEFECTS } from '../semantic-defects.js'
import { implementationOptions } from '../support.js'
import { drawChoices } from './draw.js'
import { startTwin } from './index.js'

/**
 * The defect catalogues injected into conformance twins: a defect is caught when the suite,
 * default profile, fails a check on the defective twin that it does not fail on the same twin
 * without the defect (so a false alarm of the clean twin is never counted as a catch).
 */
export const TWIN_DEFECTS: readonly Defect[] = [...SEMANTIC_DEFECTS, ...EXAMPLE_DEFECTS]

/**
 * Defects that inject what a deployment may choose (an order, a cascade, the instant of an empty
 * update): the default profile holds no twin to them, so they are run and counted, not required.
 */
export const CHOICE_DEFECTS: ReadonlySet<Defect> = new Set<Defect>([
  'page-title-nulls-first',
  'routes-sorted-descending',
  'locales-newest-first',
  'empty-patch-keeps-updated-at',
  'title-sort-ignores-case',
  'null-titles-sort-first',
  'site-delete-leaves-children',
  'site-delete-leaves-pages',
  'page-delete-takes-below',
  'routes-listed-by-id',
  'sites-listed-newest-first',
])


export interface Verdict {
  defect: Defect
  seed: number
  /** Checks failed with the defect and not without it. */
  caughtBy: string[]
  /** Checks the clean twin already fails: a defect only they could show is masked. */
  failingClean: string[]
}

const failed = (report: ContractReport): string[] => report.checks.filter((result) => result.status === 'failed').map((result) => result.id)

/** The whole suite with `statefulRuns` sequences of the stateful group, the same for the clean and the defective twin. */
async function failedChecks(seed: number, statefulRuns: number, defect?: Defect): Promise<string[]> {
  const twin = await startTwin(seed, defect === undefined ? {} : { wrap: (inner, workspaces) => defectiveHandle(defectHost(inner, workspaces), [defect]) })
  try {
    return failed(await runContract(implementationOptions(twin, { stateful: { runs: statefulRuns, timeMs: 30_000, seed: 1 } })))
  } finally {
    await twin.close()
  }
}

export async function verdict(defect: Defect, seed: number, statefulRuns: number): Promise<Verdict> {
  const failingClean = await failedChecks(seed, statefulRuns)
  const withDefect = await failedChecks(seed, statefulRuns, defect)
  return { defect, seed, caughtBy: withDefect.filter((id) => !failingClean.includes(id)), failingClean }
}

/** The twin seed for each defect, drawn from one seed (TWIN_DEFECT_SEED to draw others): the same on every run. */
export function seedsFor(defects: readonly Defect[], base: number): Array<{ defect: Defect; seed: number }> {
  let state = base >>> 0
  const next = (): number => {
    // A linear congruential step: enough to spread the twins, and reproducible.
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state
  }
  return defects.map((defect) => ({ defect, seed: applicableFrom(defect, 1 + (next() % 100_000)) }))
}

/**
 * A defect of the routes' operations does nothing on a twin that serves them elsewhere
 * (routeOperations), and one of a site's Site key, which the host knows as the site's publicApiKey,
 * nothing on a twin whose Site keys are apart from it (publicApiKeyAsSiteKey): its twin is the first
 * seed from the drawn one that has what it acts on, so that the seeds of the other defects stay as drawn.
 */
function applicableFrom(defect: Defect, seed: number): number {
  const routes = /route|skip-validation/.test(defect)
  const siteKeys = /site-key|original-key/.test(defect)
  const applies = (choices: ReturnType<typeof drawChoices>): boolean => (!routes || choices.routeOperations !== 'elsewhere') && (!siteKeys || choices.publicApiKeyAsSiteKey === 'site-key')
  let found = seed
  while (!applies(drawChoices(found))) found++
  return found
}
