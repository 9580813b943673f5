import { describe, expect, it } from 'vitest'
import { render } from '../../src/contract/reporters/index.js'
import { labelOf, verdict } from '../../src/contract/reporters/format.js'
import { settledReport } from '../../src/contract/server-errors.js'
import { startNonconforming } from './nonconforming-server.js'
import { check, runAgainst, withStatus } from './support.js'

describe('verdicts a QA engineer can act on', () => {
  it('a documented capability that is missing (locale creates answering 404) is reported once; the checks that need it are skipped with that reason', async () => {
    const server = await startNonconforming(['locale-creates-missing'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['lifecycle', 'conflicts', 'validation', 'auth'] })
      const creating = withStatus(report, 'failed').filter((result) => result.failures.some((failure) => /^expected 201, got 404: creating (a|the) locale/.test(failure.message)))
      expect(creating.map((result) => result.id)).toHaveLength(1)
      const reason = new RegExp(`^a precondition failed, reported by ${creating[0]!.id.replace(/\./g, '\\.')}: expected 201, got 404: creating (a|the) locale`)
      const dependents = withStatus(report, 'skipped').filter((result) => reason.test(result.reason ?? ''))
      expect(dependents.length).toBeGreaterThanOrEqual(2)
    } finally {
      await server.close()
    }
  })

  it('route operations no document shows, answering 404 at sitemock\'s paths, fail nothing: each check that needs them differs, saying why', async () => {
    const server = await startNonconforming(['routes-missing'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['lifecycle', 'conflicts', 'validation', 'auth'] })
      // The run learns first that the target serves them elsewhere (routeOperations), and holds it to that.
      expect(report.notices.find((line) => line.startsWith('learned'))).toContain('routeOperations="elsewhere"')
      expect(report.notices.filter((line) => line.includes('held to the target\'s recorded choice routeOperations="elsewhere"')).length).toBeGreaterThanOrEqual(4)
      expect(withStatus(report, 'failed').filter((result) => result.failures.some((failure) => /creating a route|\/v2\/routes/.test(failure.message)))).toEqual([])
      expect(withStatus(report, 'skipped').filter((result) => /creating a route/.test(result.reason ?? ''))).toEqual([])
      // Without learning first, each check that needs them differs, saying why.
      const unlearned = await runAgainst(server.url, server.mock, { only: ['lifecycle', 'conflicts', 'validation', 'auth'], learnChoices: false })
      const routeFailures = unlearned.checks.flatMap((result) => result.failures.filter((failure) => /got 404: creating a route/.test(failure.message)).map((failure) => ({ id: result.id, status: result.status, failure })))
      expect(routeFailures.length).toBeGreaterThanOrEqual(4)
      for (const { id, status, failure } of routeFailures) {
        expect([id, status]).toEqual([id, 'differs'])
        expect(failure.leftOpen).toMatch(/routeOperations="served".*the specification names creating a route among the endpoints not shown/)
      }
    } finally {
      await server.close()
    }
  })

  it('a 5xx is a server error first, with "expected 200, got 500", and the verdict line gives the failed checks before what cleanup left', async () => {
    const server = await startNonconforming(['page-read-500', 'delete-does-not-delete'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['lifecycle'] })
      const failure = check(report, 'lifecycle.page.create').failures[0]!
      expect(failure.message).toBe('expected 200, got 500: the created page')
      expect(labelOf(failure)).toBe('server error')
      expect(render(report, 'pretty')).toContain('    expected 200, got 500: the created page\n      breaks: a server error (5xx): no document allows one\n')
      // A check of sitemock's choices alone that met a 5xx fails too: the 5xx breaks both documents.
      const failed = withStatus(settledReport(report), 'failed').length
      expect(report.cleanup.leftBehind.length).toBeGreaterThan(0)
      expect(verdict(report)).toMatch(new RegExp(`^FAILED: ${failed} of \\d+ checks break the documents, and ${report.cleanup.leftBehind.length} created resources? could not be deleted \\(\\d+ passed, ${failed} failed( \\(\\d+ failures\\))?, \\d+ differ, \\d+ skipped\\)$`))
    } finally {
      await server.close()
    }
  })
})
