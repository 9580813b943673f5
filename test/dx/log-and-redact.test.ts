import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/generated/types.js'
import { capBody, redactKeys } from '../../src/journal/cap-body.js'
import { formatLogLine } from '../../src/journal/log-line.js'

const ENTRY: JournalEntry = {
  seq: 7,
  at: '2026-01-02T03:04:05.678Z',
  method: 'POST',
  path: '/v6/pages',
  query: 'x=1',
  operationId: 'createPage',
  route: '/v6/pages',
  key: { kind: 'site', hint: '…beef', workspaceId: 'w', siteId: 's' },
  status: 409,
  dropped: null,
  durationMs: 1.25,
  requestBody: { text: '{}', truncated: false },
  responseBody: null,
}

describe('request log lines', () => {
  const cases: Array<{ name: string; entry: JournalEntry; color: boolean; expected: string }> = [
    { name: 'a plain line', entry: ENTRY, color: false, expected: '03:04:05.678 POST   /v6/pages?x=1 409 1.25ms site key …beef' },
    { name: 'a 4xx in yellow on a terminal', entry: ENTRY, color: true, expected: '03:04:05.678 POST   /v6/pages?x=1 \u001b[33m409\u001b[0m 1.25ms \u001b[2msite key …beef\u001b[0m' },
    { name: 'a 2xx in green', entry: { ...ENTRY, status: 201, query: '' }, color: true, expected: '03:04:05.678 POST   /v6/pages \u001b[32m201\u001b[0m 1.25ms \u001b[2msite key …beef\u001b[0m' },
    { name: 'a 5xx in red', entry: { ...ENTRY, status: 503 }, color: true, expected: '03:04:05.678 POST   /v6/pages?x=1 \u001b[31m503\u001b[0m 1.25ms \u001b[2msite key …beef\u001b[0m' },
    {
      name: 'a dropped connection with its fault',
      entry: { ...ENTRY, status: null, dropped: 'reset', fault: 'fault 2: reset', key: { kind: 'none', hint: null, workspaceId: null, siteId: null } },
      color: false,
      expected: '03:04:05.678 POST   /v6/pages?x=1 dropped (reset) 1.25ms no key [fault 2: reset]',
    },
  ]
  for (const { name, entry, color, expected } of cases) {
    it(`formats ${name}`, () => expect(formatLogLine(entry, 'pretty', color)).toBe(expected))
  }

  it('writes JSON lines without the bodies', () => {
    const line = JSON.parse(formatLogLine(ENTRY, 'json', true)) as Record<string, unknown>
    expect(line).toMatchObject({ seq: 7, status: 409, key: ENTRY.key })
    expect(Object.keys(line)).not.toContain('requestBody')
  })
})

describe('keys in journaled bodies', () => {
  const cases = [
    { name: 'a Site key field', input: '{"publicApiKey":"83c4ffd0-20f5-4bd1-a4dc-c312684e4eda"}', expected: '{"publicApiKey":"…4eda"}' },
    { name: 'credentials fields', input: '{"appApiKey" : "sk_abcdefghijklmnopqrstuvwxyz"}', expected: '{"appApiKey" : "…wxyz"}' },
    { name: 'an App key anywhere', input: 'key sk_abcdefghijklmnopqrstuvwxyz here', expected: 'key sk_…wxyz here' },
    { name: 'a body without keys', input: '{"id":"83c4ffd0-20f5-4bd1-a4dc-c312684e4eda"}', expected: '{"id":"83c4ffd0-20f5-4bd1-a4dc-c312684e4eda"}' },
  ]
  for (const { name, input, expected } of cases) it(`shortens ${name}`, () => expect(redactKeys(input)).toBe(expected))

  it('keeps a short body whole and the beginning of a long one', () => {
    expect(capBody('abc', true, 5)).toEqual({ text: 'abc', truncated: false })
    expect(capBody('abcdefgh', true, 5)).toEqual({ text: 'abcde', truncated: true })
    expect(capBody('', true, 5)).toBeNull()
    expect(capBody(undefined, true, 5)).toBeNull()
    expect(capBody('"appApiKey":"sk_abcdefghijklmnopqrstuvwxyz"', true)!.text).toBe('"appApiKey":"…wxyz"')
    expect(capBody('"appApiKey":"sk_abcdefghijklmnopqrstuvwxyz"', false)!.text).toBe('"appApiKey":"sk_abcdefghijklmnopqrstuvwxyz"')
  })
})
