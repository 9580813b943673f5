import { ApiError, badRequest, invalidField } from '../api/errors.js'
import { MAX_LISTED, unlistedDetail } from '../api/listed.js'
import { parseBody } from '../api/parse-request.js'
import type { ApiRequest } from '../api/types.js'
import type { ControlRoute, ControlTarget } from '../control/control-types.js'
import type { ResetBody } from '../generated/types.js'
import { FixtureError } from './fixture-error.js'
import { validateFixtureInTurns } from './validate-fixture.js'

/**
 * Resets the target to a scenario or a fixture: everything a test changes ('all', POST
 * /__mock/reset) or the state only ('state'); a fixture with problems is a 400 with one
 * detail per listed problem, its path under `prefix` (e.g. fixture.sites[2].defaultLocale),
 * and one more counting the rest (see MAX_LISTED).
 */
export function resetOrRefuse(target: ControlTarget, body: ResetBody, prefix: string, scope: 'all' | 'state'): void {
  if (body.scenario !== undefined && body.fixture !== undefined) {
    throw invalidField('fixture', 'cannot be sent with scenario; send a scenario name or a fixture document, not both')
  }
  try {
    if (scope === 'all') target.reset(body)
    else target.resetState(body)
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error
    throw fixtureRefusal(error, prefix)
  }
}

/** The 400 of a refused fixture: its first problems, their paths under `prefix`, and one more detail counting the rest. */
function fixtureRefusal(error: FixtureError, prefix: string): ApiError {
  const details = error.problems.slice(0, MAX_LISTED).map((p) => ({ field: p.path === '(fixture)' ? prefix.replace(/\.$/, '') || '(body)' : prefix + p.path, message: p.message }))
  const more = error.count - details.length
  if (more > 0) details.push(unlistedDetail(more, '(more problems)', 'problems'))
  return badRequest(details, `The fixture was refused and the state left as it was: ${error.count} problem(s)${more > 0 ? `, the first ${MAX_LISTED} listed` : ''}.`)
}

/**
 * Imports from this size on are judged by prepare(), in turns of the event loop (the limit of
 * a state import is 256 MB, seconds of work); smaller ones at once, in handle().
 */
const IN_TURNS_FROM = 256 * 1024

/** What prepare() found of an import, for handle(): kept by the request object, and gone with it. */
const preparedImports = new WeakMap<ApiRequest, { document: unknown } | { refused: FixtureError }>()

/**
 * Parses and judges a large import before handle(), so that the server answers other requests
 * meanwhile. The core stays synchronous (mock.respond() answers at once, for msw and code alike):
 * a server, which can wait, calls mock.prepare() first, and handle() answers from what was found.
 */
function prepareImport(request: ApiRequest): Promise<void> | undefined {
  if (request.body === undefined || request.body.length < IN_TURNS_FROM) return undefined
  let document: unknown
  try {
    document = parseBody(request, true)
  } catch {
    // handle() parses it again and answers the 400 at once.
    return undefined
  }
  return validateFixtureInTurns(document).then(
    () => void preparedImports.set(request, { document }),
    (error: unknown) => {
      // Anything else (a bug) is met again, and answered, when handle() judges the document itself.
      if (error instanceof FixtureError) preparedImports.set(request, { refused: error })
    },
  )
}

/**
 * PUT /__mock/state imports a fixture document (validated like any fixture: a bad one is a 400
 * and changes nothing) and answers the credentials, as a reset does. Its export, GET, is
 * export-routes.ts's.
 */
export const stateControlRoutes: ControlRoute[] = [
  {
    method: 'PUT',
    path: 'state',
    // An import replaces the state through reset, which a state file saves as a whole.
    writes: false,
    prepare: prepareImport,
    handle: (request, _params, target) => {
      const prepared = preparedImports.get(request)
      if (prepared && 'refused' in prepared) throw fixtureRefusal(prepared.refused, '')
      const document = prepared ? prepared.document : parseBody(request, true)
      resetOrRefuse(target, { fixture: document as ResetBody['fixture'] }, '', 'state')
      return target.credentials()
    },
  },
]
