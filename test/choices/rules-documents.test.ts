import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Credentials } from '../../src/generated/types.js'
import { choiceCatalogue } from '../../src/freedom/catalogue-words.js'
import { createMock, type MockOptions } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

/**
 * createMock({ rules: 'documents' }) over real HTTP: what only sitemock's rules refuse is
 * accepted, what the documents refuse still is. The same requests against a mock with
 * sitemock's rules are the control: each of them is a 400 there.
 */

interface Answer {
  status: number
  body: Record<string, unknown> & { details?: Array<{ field: string; message: string }>; data?: Array<Record<string, unknown>> }
}

class Client {
  constructor(
    readonly url: string,
    readonly key: string,
  ) {}
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { 'x-api-key': this.key }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(this.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} }
  }
}

async function start(options: MockOptions): Promise<{ server: RunningServer; api: Client; workspaceId: string; siteId: string }> {
  const server = await listen(createMock({ rateLimit: false, ...options }), { port: 0, host: '127.0.0.1' })
  const creds = (await (await fetch(`${server.url}/__mock/credentials`)).json()) as Credentials
  const workspace = creds.workspaces[0]!
  const site = creds.sites.find((s) => s.workspaceId === workspace.id)!
  return { server, api: new Client(server.url, workspace.appApiKey), workspaceId: workspace.id, siteId: site.id }
}

type Mocked = Awaited<ReturnType<typeof start>>

/** A request only sitemock's rules refuse, and what the documents-only answer shows. */
interface Lenient {
  name: string
  send(m: Mocked): Promise<Answer>
  /** The field sitemock's 400 names. */
  field: string
  success: number
  then?(answer: Answer, m: Mocked): void | Promise<void>
}

const long = (n: number): string => 'a'.repeat(n)
const newPage = async (m: Mocked, pathname: string): Promise<string> => (await m.api.call('POST', '/v6/pages', { siteId: m.siteId, pathname, name: 'x' })).body.id as string

const LENIENT: Lenient[] = [
  { name: 'a site name of 300 characters', field: 'name', success: 201, send: (m) => m.api.call('POST', '/v2/sites', { workspaceId: m.workspaceId, name: long(300) }), then: (a) => expect(a.body.name).toBe(long(300)) },
  { name: 'a control character in a site name', field: 'name', success: 201, send: (m) => m.api.call('POST', '/v2/sites', { workspaceId: m.workspaceId, name: 'tab\u0001bell' }) },
  { name: 'an empty site name', field: 'name', success: 200, send: (m) => m.api.call('PATCH', `/v2/sites/${m.siteId}`, { name: '' }), then: (a) => expect(a.body.name).toBe('') },
  { name: 'a canonicalUrl that is not a URL', field: 'canonicalUrl', success: 200, send: async (m) => m.api.call('PATCH', `/v6/pages/${await newPage(m, '/u')}`, { canonicalUrl: 'just words' }), then: (a) => expect(a.body.canonicalUrl).toBe('just words') },
  { name: 'a title of 600 characters', field: 'title', success: 200, send: async (m) => m.api.call('PATCH', `/v6/pages/${await newPage(m, '/t')}`, { title: long(600) }) },
  { name: 'limit=0 on the sites list', field: 'limit', success: 200, send: (m) => m.api.call('GET', `/v2/sites?workspaceId=${m.workspaceId}&limit=0`) },
  { name: 'limit=101 on the sites list, served as 100', field: 'limit', success: 200, send: (m) => m.api.call('GET', `/v2/sites?workspaceId=${m.workspaceId}&limit=101`) },
  { name: 'a pathPrefix without a slash', field: 'pathPrefix', success: 200, send: (m) => m.api.call('GET', `/v6/pages?siteId=${m.siteId}&pathPrefix=blog`), then: (a) => expect(a.body.data).toEqual([]) },
  { name: 'an empty locale=', field: 'locale', success: 200, send: (m) => m.api.call('GET', `/v6/pages?siteId=${m.siteId}&locale=`) },
  {
    name: 'an unknown body field',
    field: 'color',
    success: 201,
    send: (m) => m.api.call('POST', '/v2/sites', { workspaceId: m.workspaceId, name: 'With a color', color: 'red' }),
    then: async (a, m) => {
      expect(a.body).not.toHaveProperty('color')
      expect((await m.api.call('GET', `/v2/sites/${String(a.body.id)}`)).body).not.toHaveProperty('color')
    },
  },
  { name: 'an unknown query parameter', field: 'color', success: 200, send: (m) => m.api.call('GET', `/v2/sites?workspaceId=${m.workspaceId}&color=red`) },
  { name: 'a locale code in another case', field: 'locale', success: 201, send: (m) => m.api.call('POST', '/v2/locales', { siteId: m.siteId, locale: 'pt-br' }), then: (a) => expect(a.body.locale).toBe('pt-br') },
  {
    name: 'a page pathname without its slash, with a space and a trailing slash, found by it in the path',
    field: 'pathname',
    success: 201,
    send: (m) => m.api.call('POST', '/v6/pages', { siteId: m.siteId, pathname: 'about us/', name: 'x' }),
    then: async (a, m) => {
      expect(a.body.pathname).toBe('about us/')
      const found = await m.api.call('GET', `/v6/pages/${encodeURIComponent('about us/')}?siteId=${m.siteId}`)
      expect([found.status, found.body.id]).toEqual([200, a.body.id])
      // Not under the default pathPrefix /, but under the empty one, and copied with its site.
      const listed = async (siteId: string, prefix: string): Promise<unknown[]> =>
        ((await m.api.call('GET', `/v6/pages?siteId=${siteId}&includeOffline=true&limit=100&pathPrefix=${prefix}`)).body.data ?? []).map((page) => page.pathname)
      expect(await listed(m.siteId, '')).toContain('about us/')
      expect(await listed(m.siteId, '%2F')).not.toContain('about us/')
      const copy = await m.api.call('POST', `/v2/sites/${m.siteId}/duplicate`, { name: 'copy' })
      expect(await listed(String(copy.body.id), '')).toContain('about us/')
    },
  },
  {
    name: 'a page pathname of 3,000 characters in the path',
    field: 'pageIdOrPathname',
    success: 200,
    send: async (m) => {
      const pathname = `/page-${long(3000)}`
      await m.api.call('POST', '/v6/pages', { siteId: m.siteId, pathname, name: 'long' })
      return m.api.call('GET', `/v6/pages/${encodeURIComponent(pathname)}?siteId=${m.siteId}`)
    },
    then: (a) => expect(a.body.pathname).toBe(`/page-${long(3000)}`),
  },
  { name: 'a route pathname of 3,000 characters', field: 'pathname', success: 201, send: (m) => m.api.call('POST', '/v2/routes?skipValidation=true', { siteId: m.siteId, pathname: `/${long(3000)}` }) },
]

describe('createMock({ rules: "documents" }) over HTTP', () => {
  let documents: Mocked
  let sitemock: Mocked
  beforeAll(async () => {
    documents = await start({ rules: 'documents' })
    sitemock = await start({})
  })
  afterAll(async () => {
    await documents.server.close()
    await sitemock.server.close()
  })

  it.each(LENIENT.map((c) => [c.name, c] as const))('accepts %s, which sitemock’s rules refuse', async (_name, lenient) => {
    const refused = await lenient.send(sitemock)
    expect(refused.status).toBe(400)
    expect(refused.body.details?.map((d) => d.field)).toContain(lenient.field)
    const answer = await lenient.send(documents)
    expect(answer.status, JSON.stringify(answer.body)).toBe(lenient.success)
    await lenient.then?.(answer, documents)
  })

  it('still refuses what the documents refuse: a missing name, limit=101 on locales, limit=0 on locales, a negative limit, a sitemapPriority above 1, a malformed hostOrigin, defaultLocale in a site update, an empty page pathname, a locale code with _', async () => {
    const m = documents
    const pageId = await newPage(m, '/still')
    const cases: Array<[Promise<Answer>, string]> = [
      [m.api.call('POST', '/v2/sites', { workspaceId: m.workspaceId }), 'name'],
      [m.api.call('GET', `/v2/locales?siteId=${m.siteId}&limit=101`), 'limit'],
      [m.api.call('GET', `/v2/locales?siteId=${m.siteId}&limit=0`), 'limit'],
      [m.api.call('GET', `/v2/routes?siteId=${m.siteId}&limit=-1`), 'limit'],
      [m.api.call('PATCH', `/v6/pages/${pageId}`, { sitemapPriority: 2 }), 'sitemapPriority'],
      [m.api.call('POST', '/v6/pages', { siteId: m.siteId, pathname: '/empty-name', name: '' }), 'name'],
      [m.api.call('POST', '/v6/pages', { siteId: m.siteId, pathname: '', name: 'empty pathname' }), 'pathname'],
      [m.api.call('POST', '/v2/locales', { siteId: m.siteId, locale: 'EN_us' }), 'locale'],
      [m.api.call('PATCH', `/v2/sites/${m.siteId}`, { hostOrigin: 'not a uri' }), 'hostOrigin'],
      [m.api.call('PATCH', `/v2/sites/${m.siteId}`, { defaultLocale: 'fr' }), 'defaultLocale'],
    ]
    for (const [sent, field] of cases) {
      const answer = await sent
      expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.details?.map((d) => d.field)).toEqual([field])
    }
  })
})

describe('createMock({ choices })', () => {
  it('enforces a limit below sitemock’s with its own number in the message, and refuses an unknown choice', async () => {
    const m = await start({ choices: { nameMaxLength: 10 } })
    try {
      const answer = await m.api.call('POST', '/v2/sites', { workspaceId: m.workspaceId, name: long(11) })
      expect(answer.status).toBe(400)
      expect(answer.body.details).toEqual([{ field: 'name', message: `is too long; must be at most 10 characters; got "${long(11)}"` }])
      expect((await m.api.call('POST', '/v2/sites', { workspaceId: m.workspaceId, name: long(10) })).status).toBe(201)
    } finally {
      await m.server.close()
    }
    expect(() => createMock({ choices: { nullsSort: 'middle' } as never })).toThrow(/nullsSort must be one of "last", "first", "smallest", "largest"; got "middle"/)
    expect(() => createMock({ choices: { colour: 'red' } as never })).toThrow(/"colour" is not a choice/)
    expect(() => createMock({ rules: 'lenient' as never })).toThrow(/rules must be "sitemock" or "documents"/)
    // Every class is followed now: no value of the catalogue is refused.
    for (const c of choiceCatalogue) for (const value of Array.isArray(c.alternatives) ? c.alternatives : [7, null]) expect(() => createMock({ choices: { [c.id]: value } })).not.toThrow()
  })
})
