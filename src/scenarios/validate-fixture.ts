import type { ErrorObject } from 'ajv/dist/2020.js'
import { ProblemList } from '../api/listed.js'
import { compileCheck, listErrors } from '../api/validate.js'
import type { Fixture } from '../generated/types.js'
import { checkReferences } from './check-references.js'
import { FixtureError, type FixtureProblem } from './fixture-error.js'

const checkShape = compileCheck('fixture.json', 'body')

/** The arrays of records, judged a batch at a time. */
const COLLECTIONS = ['workspaces', 'sites', 'locales', 'pages', 'routes'] as const

/** Records judged between two yields of fixtureSteps: a few milliseconds of work. */
const BATCH = 1000

/**
 * The document as a Fixture, or a FixtureError listing the first problems and counting them
 * all: first each field that breaks contracts/schemas/fixture.json, then (only once the shape
 * is right) each broken reference between records. Linear in the size of the document, however
 * many of its records are wrong.
 */
export function validateFixture(document: unknown, source?: string): Fixture {
  const steps = fixtureSteps(document, source)
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value
}

/**
 * validateFixture for a server, which has other requests to answer: the same steps, with a
 * turn of the event loop between two batches of records. A 250 MB state import takes seconds
 * to judge, and /__mock/health answers meanwhile.
 */
export async function validateFixtureInTurns(document: unknown, source?: string): Promise<Fixture> {
  const steps = fixtureSteps(document, source)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}

/** The checks of validateFixture, yielding after each batch of records; returns the fixture or throws a FixtureError. */
function* fixtureSteps(document: unknown, source: string | undefined): Generator<void, Fixture> {
  const shape = yield* shapeProblems(document)
  if (shape.count) throw new FixtureError(shape.listed, source, shape.count)
  const fixture = document as Fixture
  const problems = checkReferences(fixture)
  if (problems.count) throw new FixtureError(problems.listed, source, problems.count)
  return fixture
}

/**
 * The fields that break the schema, the first listed and all counted: the document is judged
 * in parts, its root fields with each array of records empty, then each array a batch at a
 * time (in a document otherwise valid), each error's path moved to its record's place in the
 * whole. A batch's errors are let go once counted: a document wrong throughout holds no more
 * memory than a batch's worth of them.
 */
function* shapeProblems(document: unknown): Generator<void, ProblemList<FixtureProblem>> {
  const problems = new ProblemList<FixtureProblem>()
  const add = (errors: ErrorObject[] | undefined): void => {
    if (!errors) return
    const { listed, count } = listErrors(errors)
    for (const detail of listed) problems.add({ path: detail.field === '(body)' ? '(fixture)' : detail.field, message: detail.message })
    problems.countUnlisted(count - listed.length)
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    add(checkShape(document))
    return problems
  }
  const whole = document as Record<string, unknown>
  const root: Record<string, unknown> = { ...whole }
  const batched = COLLECTIONS.filter((name) => Array.isArray(whole[name]))
  for (const name of batched) root[name] = []
  add(checkShape(root))
  for (const name of batched) {
    const records = whole[name] as unknown[]
    const prefix = `/${name}/`
    for (let start = 0; start < records.length; start += BATCH) {
      yield
      const errors = checkShape({ workspaces: [], [name]: records.slice(start, start + BATCH) })
      add(errors?.map((error) => ({ ...error, instancePath: prefix + shifted(error.instancePath.slice(prefix.length), start) })))
    }
  }
  return problems
}

/** `12/draft/pathname` with its leading index moved by `offset`. */
function shifted(path: string, offset: number): string {
  const slash = path.indexOf('/')
  const index = slash < 0 ? path : path.slice(0, slash)
  return String(Number(index) + offset) + (slash < 0 ? '' : path.slice(slash))
}
