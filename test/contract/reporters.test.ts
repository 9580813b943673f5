import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render } from '../../src/contract/reporters/index.js'
import type { ContractReport } from '../../src/contract/types.js'
import { startNonconforming, type Nonconforming } from './nonconforming-server.js'
import { runAgainst, withStatus } from './support.js'

/** Tags balance and text holds no bare < or &: enough to know a CI system can parse the file. */
function expectWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '')
  const stack: string[] = []
  for (const token of body.split(/(<[^>]*>)/)) {
    if (!token.startsWith('<')) {
      expect(token).not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/)
      continue
    }
    const name = /^<\/?([\w-]+)/.exec(token)![1]!
    if (token.startsWith('</')) expect(stack.pop()).toBe(name)
    else if (!token.endsWith('/>')) stack.push(name)
  }
  expect(stack).toEqual([])
}

describe('the reporters', () => {
  let server: Nonconforming
  let report: ContractReport

  beforeAll(async () => {
    server = await startNonconforming(['wrong-field-type', 'html-not-found'])
    report = await runAgainst(server.url, server.mock, { only: ['schema', 'auth'], otherApiKey: undefined })
  })
  afterAll(() => server.close())

  it('pretty: each failure shows the check, its rule, the request, the status, the offending part in plain words, and the broken document', () => {
    const text = render(report, 'pretty')
    expect(text).toContain('✗ schema › GET /v2/sites/{siteId} answers documented statuses with JSON bodies that match their schemas  [schema.get.v2-sites-siteId]')
    expect(text).toMatch(/request: {2}GET \/v2\/sites\/[\w-]+\n/)
    expect(text).toMatch(/response: 200 \{"object":"site"/)
    expect(text).toContain('  rule: every answer has a documented status, a JSON body (none with a 204) and the documented shape (docs/contract-rules.md#answer-shape)')
    expect(text).toContain('  source: specification, What the service does › responses; specification, Errors › error body; published OpenAPI /components/schemas/BadRequestResponseDto\n')
    expect(text).toContain('/name = 42: expected string, got number 42  [specification: contracts/schemas/site.json]')
    expect(text).toContain('breaks: the specification and the published OpenAPI (a bug)')
    expect(text).toContain('the published OpenAPI says: GET /v2/sites/{siteId} "Returns a site by its ID."')
    expect(text).toContain('expected the content type application/json, got text/html')
    expect(text).not.toMatch(/SPEC\.md|must match|must be /)
  })

  it('pretty: a summary per group with passed, failed, differs and skipped, the reasons for skips, cleanup and the verdict', () => {
    const text = render(report, 'pretty')
    expect(text).toMatch(/Summary\n {2}group +passed +failed +differs +skipped\n {2}schema +\d+ +\d+ +\d+ +\d+\n {2}auth +\d+ +\d+ +\d+ +\d+\n {2}total/)
    expect(text).toContain('auth: 4 checks: no --other-api-key: cross-tenant checks skipped')
    expect(text).toMatch(/cleanup: deleted \d+ resources created by contract-[0-9a-f]{8}/)
    expect(text).toMatch(/\n\nFAILED: \d+ of \d+ checks break the documents \(\d+ skipped\)\n$/)
    expect(text).toMatch(/^sitemock contract against \S+\nprofile documents \(what the specification or the published OpenAPI states\)/)
  })

  it('junit: one well-formed testcase per check, with failures and skips marked', () => {
    const xml = render(report, 'junit')
    expectWellFormedXml(xml)
    // One testcase per check, and one for the cleanup.
    expect(xml.match(/<testcase /g)).toHaveLength(report.checks.length + 1)
    expect(xml.match(/<failure /g)?.length).toBeGreaterThanOrEqual(withStatus(report, 'failed').length)
    expect(xml.match(/<skipped /g)).toHaveLength(withStatus(report, 'skipped').length)
    expect(xml).toContain('&lt;html&gt;')
    expect(xml).toMatch(/<testsuite name="schema" tests="\d+" failures="[1-9]\d*"/)
  })

  it('json: the whole run for machines, with totals per group', () => {
    const parsed = JSON.parse(render(report, 'json')) as ContractReport & { summary: { failed: number; groups: Record<string, { failed: number }> } }
    expect(parsed.checks).toHaveLength(report.checks.length)
    expect(parsed.summary.failed).toBe(withStatus(report, 'failed').length)
    expect(parsed.summary.groups.schema!.failed).toBeGreaterThan(0)
    expect(parsed.tag).toBe(report.tag)
    const keys = parsed.checks.find((check) => check.id === 'auth.no-key') as unknown as { sources: string[] }
    expect(keys.sources).toEqual(['specification, Authentication › keys', 'specification, Errors › status codes'])
  })
})
