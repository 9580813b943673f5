import { describe, expect, it } from 'vitest'
import { render, REPORTERS } from '../../src/contract/reporters/index.js'
import type { ContractReport } from '../../src/contract/types.js'
import { encodedEach, expectNoKey, firstEncoded } from '../support/key-spellings.js'

const APP_KEY = 'sk_ReportAppKey0123456789abcdWXYZ'
const SITE_KEY = '7c1d9e2a-4b3f-4a6e-8d5c-0f9e8d7c6b5a'

/** A failure of a run whose request and answer name keys: a site's publicApiKey in the answer, an App key in the URL, percent-encoded. */
const report: ContractReport = {
  runId: 'run',
  tag: 'contract-0000',
  baseUrl: 'http://127.0.0.1:4010',
  profile: 'documents',
  readOnly: false,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  interrupted: false,
  checks: [
    {
      id: 'schema.get.v2-sites-siteId',
      group: 'schema',
      name: 'GET /v2/sites/{siteId} answers documented statuses',
      rule: 'answer-shape',
      status: 'failed',
      offsetMs: 0,
      durationMs: 1,
      failures: [
        {
          message: `expected a string, got ${APP_KEY}`,
          documents: ['specification'],
          request: { method: 'GET', path: `/v2/sites/x?api_key=${firstEncoded(APP_KEY)}&token=${encodedEach(SITE_KEY, 'upper')}`, template: '/v2/sites/{siteId}' },
          response: { status: 200, contentType: 'application/json', body: { object: 'site', publicApiKey: SITE_KEY, owner: APP_KEY } },
        },
      ],
    },
  ],
  notices: [],
  cleanup: { deleted: [], leftBehind: [] },
}

describe('contract reports: keys in requests and answers', () => {
  it.each(REPORTERS)('%s shows each key as its hint only', (reporter) => {
    const text = render(report, reporter)
    expectNoKey(text, APP_KEY, reporter)
    expectNoKey(text, SITE_KEY, reporter)
    expect(text).toContain(`…${APP_KEY.slice(-4)}`)
  })
})
