import { ApiError } from '../api/errors.js'
import { compileValidator } from '../api/validate.js'
import type { Fixture } from '../contracts/types.js'
import { checkReferences } from './check-references.js'
import { FixtureError, type FixtureProblem } from './fixture-error.js'

const validateShape = compileValidator<Fixture>('fixture.json', 'body')

/**
 * The document as a Fixture, or a FixtureError listing every problem: first each field that
 * breaks contracts/schemas/fixture.json, then (only once the shape is right) every broken
 * reference between records.
 */
export function validateFixture(document: unknown, source?: string): Fixture {
  let fixture: Fixture
  try {
    fixture = validateShape(document)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const problems: FixtureProblem[] = (error.details ?? []).map((d) => ({ path: d.field === '(body)' ? '(fixture)' : d.field, message: d.message }))
    throw new FixtureError(problems, source)
  }
  const problems = checkReferences(fixture)
  if (problems.length) throw new FixtureError(problems, source)
  return fixture
}
