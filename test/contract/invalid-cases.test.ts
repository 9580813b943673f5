import { describe, expect, it } from 'vitest'
import { contractsSchema, invalidCases, publishedBodySchema, publishedQuerySchema } from '../../src/contract/invalid-cases.js'

const cases = (found: { schema: Record<string, unknown>; base: string } | undefined, options?: Parameters<typeof invalidCases>[2]) => {
  if (!found) throw new Error('no schema')
  return invalidCases(found.schema, found.base, options).map((c) => `${c.field} ${c.kind}${'value' in c ? ` ${JSON.stringify(c.value)}` : ''}`)
}

describe('invalid cases generated from a request schema', () => {
  it('covers each required field missing, each wrong type, each invalid value, each limit, and no length maximum', () => {
    expect(cases(contractsSchema('site-create.json'))).toEqual([
      'workspaceId missing',
      'workspaceId wrong type 12345',
      'workspaceId invalid value "not-a-uuid"',
      'workspaceId invalid value "5b4c3d2e1f0a4b9c8d7e6f5a4b3c2d1e"',
      'workspaceId invalid value "{5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e}"',
      'name missing',
      'name wrong type 12345',
      'name out of range ""',
      'hostOrigin wrong type 12345',
      'hostOrigin invalid value "not a url"',
      // An IRI, which a WHATWG URL parser takes and `format: uri` refuses: a host outside ASCII.
      'hostOrigin invalid value "https://exämple.com"',
      'defaultLocale wrong type 12345',
      'defaultLocale invalid value "not valid ?#"',
    ])
  })

  it('follows anyOf through a nullable field, and turns `not: {}` into a field that must not be sent', () => {
    expect(cases(contractsSchema('site-update.json'))).toEqual([
      'name wrong type 12345',
      'name out of range ""',
      'hostOrigin wrong type 12345',
      'hostOrigin invalid value "not a url"',
      'hostOrigin invalid value "https://exämple.com"',
      'defaultLocale not accepted "fr-FR"',
    ])
  })

  it('words query values as text and leaves the pagination parameters to their own group', () => {
    expect(cases(contractsSchema('site-list-query.json'), { asText: true, skip: ['limit', 'startingAfter'] })).toEqual([
      'workspaceId missing',
      'workspaceId invalid value "not-a-uuid"',
      // A forgiving UUID reader's spellings, which `format: uuid` refuses: no hyphens, braces.
      'workspaceId invalid value "5b4c3d2e1f0a4b9c8d7e6f5a4b3c2d1e"',
      'workspaceId invalid value "{5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e}"',
    ])
  })

  it('reads the published OpenAPI through its component refs and its query parameters', () => {
    expect(cases(publishedBodySchema('POST', '/v6/pages'))).toEqual([
      'siteId missing',
      'siteId wrong type 12345',
      'siteId invalid value "not-a-uuid"',
      'siteId invalid value "5b4c3d2e1f0a4b9c8d7e6f5a4b3c2d1e"',
      'siteId invalid value "{5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e}"',
      'pathname missing',
      'pathname wrong type 12345',
      'name missing',
      'name wrong type 12345',
    ])
    expect(cases(publishedQuerySchema('GET', '/v6/pages'), { asText: true, skip: ['limit', 'startingAfter'] })).toContain('sortBy invalid value "not-one-of-the-values"')
    const nearMisses = cases(publishedQuerySchema('GET', '/v6/pages'), { asText: true, skip: ['limit', 'startingAfter'] }).filter((c) => /^(sortBy|includeOffline|versionRef) invalid value/.test(c))
    expect(nearMisses).toEqual([
      'sortBy invalid value "not-one-of-the-values"',
      'sortBy invalid value "TITLE"',
      'sortBy invalid value "-title"',
      'includeOffline invalid value "not-one-of-the-values"',
      'includeOffline invalid value "TRUE"',
      'includeOffline invalid value "1"',
      'versionRef invalid value "not-one-of-the-values"',
      'versionRef invalid value "REF:LIVE"',
      'versionRef invalid value "live"',
    ])
    expect(publishedBodySchema('POST', '/v2/routes')).toBeUndefined()
  })
})
