import { describe, expect, it } from 'vitest'
import { render } from '../../src/contract/reporters/index.js'
import type { Failure } from '../../src/contract/types.js'
import { Findings } from '../../src/proxy/findings.js'

const failure = (path: string): Failure => ({
  message: 'expected one of 201, 400, got 200',
  documents: ['specification'],
  request: { method: 'POST', path, template: '/v2/locales' },
  response: { status: 200 },
})

describe('the proxy findings', () => {
  it('counts an exchange that shows a finding again, and reports each finding once in the suite reporters', () => {
    const findings = new Findings()
    expect(findings.add('answer-shape', failure('/v2/locales'), '/v2/locales')).toBe(true)
    expect(findings.add('answer-shape', failure('/v2/locales?x=1'), '/v2/locales')).toBe(false)
    expect(findings.add('pagination-walk', failure('/v2/locales'), '/v2/locales')).toBe(true)
    expect(findings.list().map((finding) => [finding.rule, finding.seen, finding.failure.request?.path])).toEqual([
      ['answer-shape', 2, '/v2/locales'],
      ['pagination-walk', 1, '/v2/locales'],
    ])
    const pretty = render(findings.report('http://deployment.test', false), 'pretty')
    expect(pretty.split('\n')[0]).toBe('sitemock proxy against http://deployment.test')
    expect(pretty).toContain('expected one of 201, 400, got 200 (seen 2 times)')
    expect(pretty).toContain('FAILED: 2 of 2 checks break the documents')
    expect(pretty).not.toContain('cleanup')
    const junit = render(findings.report('http://deployment.test', true), 'junit')
    expect(junit).toContain('stateful.proxy.shadow')
  })
})
