import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apiRoutes } from '../../src/api/operations.js'
import type { RegisteredOperation } from '../../src/api/types.js'
import { createMock } from '../../src/mock.js'
import { checkContract } from '../support/harness.js'

const mock = createMock({ seed: 5 })
const { workspaces, sites } = mock.credentials()

/** Statuses any operation may answer besides its own: the pipeline's. */
const PIPELINE_STATUSES = [400, 401, 403, 404, 405]

const keyArbitrary = fc.constantFrom(
  undefined,
  workspaces[0]!.appApiKey,
  workspaces[1]!.appApiKey,
  sites[0]!.siteApiKey,
  'sk_' + 'x'.repeat(30),
  'garbage',
)

const segmentArbitrary = fc.oneof(
  fc.constantFrom(sites[0]!.id, sites[1]!.id, '/', '%2F', '..', '%ZZ', '__proto__', 'en-US', encodeURIComponent('/blog/[slug]')),
  fc.uuid().map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
)

const queryArbitrary = fc
  .array(
    fc.tuple(
      fc.constantFrom('siteId', 'workspaceId', 'limit', 'startingAfter', 'locale', 'sortBy', 'versionRef', 'skipValidation', '__proto__', 'x'),
      fc.oneof(fc.constantFrom(sites[0]!.id, workspaces[0]!.id, '0', '101', '20', 'true', 'ref:live', 'path'), fc.string({ maxLength: 10 })),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString())

const bodyArbitrary = fc.oneof(
  fc.constant(undefined),
  fc.json(),
  fc.record(
    {
      siteId: fc.oneof(fc.constant(sites[0]!.id), fc.uuid().map(String), fc.anything()),
      workspaceId: fc.oneof(fc.constant(workspaces[0]!.id), fc.anything()),
      name: fc.oneof(fc.string(), fc.anything()),
      pathname: fc.oneof(fc.string().map((s) => `/${s}`), fc.anything()),
      locale: fc.oneof(fc.constantFrom('fr', 'de-DE', 'xx_YY'), fc.anything()),
      hostOrigin: fc.oneof(fc.webUrl(), fc.anything()),
    },
    { requiredKeys: [] },
  ).map((value) => JSON.stringify(value)),
)

function pathFor(operation: RegisteredOperation, segments: string[]): string {
  let i = 0
  return operation.path.replace(/\{[^}]+\}/g, () => segments[i++ % segments.length]!)
}

describe('every operation under random input', () => {
  it('answers a documented status with a valid envelope, never a 5xx', () => {
    const seen = new Map<number, number>()
    fc.assert(
      fc.property(
        fc.constantFrom(...apiRoutes.operations),
        fc.array(segmentArbitrary, { minLength: 1, maxLength: 3 }),
        queryArbitrary,
        keyArbitrary,
        bodyArbitrary,
        fc.constantFrom('application/json', 'text/plain', undefined),
        (operation, segments, query, key, body, contentType) => {
          const path = pathFor(operation, segments)
          const headers: Record<string, string | undefined> = { 'x-api-key': key, 'content-type': body === undefined ? undefined : contentType }
          const response = mock.handle({ method: operation.method, path, query, headers, body })
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1)
          const documented = [operation.success.status, 409, ...operation.errors, ...PIPELINE_STATUSES]
          expect(documented, `${operation.method} ${path}?${query} → ${response.status}`).toContain(response.status)
          const text = response.body === undefined ? undefined : (JSON.parse(JSON.stringify(response.body)) as unknown)
          checkContract(operation.method, path, response.status, text)
        },
      ),
      { numRuns: 3000, seed: 42 },
    )
    // The input must reach past the pipeline too, or the property says little about operations.
    for (const status of [200, 400, 401, 403, 404]) expect(seen.get(status) ?? 0, `status ${status} seen`).toBeGreaterThan(0)
  })
})
