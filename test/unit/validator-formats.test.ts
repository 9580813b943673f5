import { fullFormats } from 'ajv-formats/dist/formats.js'
import { describe, expect, it } from 'vitest'
import { formats } from '../../src/contracts/validator-runtime.js'

// The precompiled validators' date-time and uri are ajv-formats' own, written out so that a page
// does not load every format there is: they must answer as ajv-formats does.
const ajvDateTime = (fullFormats['date-time'] as { validate: (value: string) => boolean }).validate
const ajvUri = fullFormats.uri as (value: string) => boolean

const DATE_TIMES = [
  '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00Z', '2026-01-01t00:00:00z', '2026-01-01 00:00:00Z', '2026-01-01T00:00:00+02:00',
  '2026-01-01T00:00:00-0230', '2026-01-01T00:00:00+24:00', '2026-01-01T00:00:00+02:60', '2026-01-01T00:00:00', '2026-02-29T00:00:00Z',
  '2024-02-29T00:00:00Z', '2000-02-29T12:00:00Z', '1900-02-29T12:00:00Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-04-31T00:00:00Z',
  '2026-12-31T23:59:60Z', '2026-12-31T23:59:60.5Z', '2026-12-31T22:59:60-01:00', '2026-12-31T00:59:60+01:00', '2026-12-31T23:58:60Z',
  '2026-12-31T24:00:00Z', '2026-12-31T23:60:00Z', '2026-12-31T23:59:61Z', '2026-1-01T00:00:00Z', '2026-01-01', 'T00:00:00Z',
  '2026-01-01T00:00:00ZZ', '2026-01-01TT00:00:00Z', '', 'not a date', '2026-01-01T00:00:00.Z', '2026-01-01T00:00:00.123456789Z',
]
const URIS = [
  'https://example.com', 'http://example.com/a/b?c=d#e', 'https://user:pw@example.com:8080/', 'mailto:someone@example.com', 'urn:isbn:0451450523',
  'ftp://[::1]/', 'https://[2001:db8::7]/x', 'https://192.168.0.1/', 'https://exa mple.com', 'example.com', '/relative/path', '//example.com',
  'https://example.com/%zz', 'https://example.com/%20', 'h:', 'h:/', '1http://x', 'https://例え.jp', 'https://example.com/\u0000', '', ':',
]

describe('the formats of the precompiled validators', () => {
  it('date-time answers as ajv-formats does', () => {
    for (const value of DATE_TIMES) expect(formats['date-time'](value), value).toBe(ajvDateTime(value))
    expect(DATE_TIMES.filter((value) => formats['date-time'](value)).length).toBeGreaterThan(5)
    expect(DATE_TIMES.filter((value) => !formats['date-time'](value)).length).toBeGreaterThan(5)
  })

  it('uri answers as ajv-formats does', () => {
    for (const value of URIS) expect(formats.uri(value), value).toBe(ajvUri(value))
    expect(URIS.filter((value) => formats.uri(value)).length).toBeGreaterThan(5)
    expect(URIS.filter((value) => !formats.uri(value)).length).toBeGreaterThan(5)
  })

  it('uuid is the mock’s own check: no urn:uuid: prefix', () => {
    expect(formats.uuid('550e8400-e29b-41d4-a716-446655440000')).toBe(true)
    expect(formats.uuid('550E8400-E29B-41D4-A716-446655440000')).toBe(true)
    expect(formats.uuid('urn:uuid:550e8400-e29b-41d4-a716-446655440000')).toBe(false)
  })
})
