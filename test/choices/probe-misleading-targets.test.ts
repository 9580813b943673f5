import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { limitOf } from '../../src/contract/choices-probe-limits.js'
import type { ChoicesFile } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { listen, type RunningServer } from '../../src/transports/node-server.js'

/**
 * Targets that once misled the probes: a deployment that refuses every URL with a path (its URL
 * limit was learned as 20), and one that lists pages in creation order whatever sortBy says (its
 * collation was learned from titles that happened to be created in code-unit order). In front of
 * the mock, a proxy plays such a deployment; the probes must record nothing wrong: the right value,
 * or the choice unrecorded with its reason.
 */

type Twist = (request: { method: string; path: string; body: string }, answer: { status: number; body: string }) => { status: number; body: string }

const URL_FIELDS = ['hostOrigin', 'canonicalUrl', 'socialImageUrl', 'domain']

/** A deployment that refuses a URL with anything after its host. */
const refusesUrlPaths: Twist = (request, answer) => {
  if (request.method !== 'PATCH' && request.method !== 'POST') return answer
  const sent = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>
  const withPath = URL_FIELDS.some((field) => typeof sent[field] === 'string' && /^[a-z]+:\/\/[^/]+\/./i.test(sent[field] as string))
  return withPath ? { status: 400, body: JSON.stringify({ object: 'error', code: 'bad_request', message: 'no paths', details: [{ field: 'url', message: 'must have no path' }] }) } : answer
}

/** A deployment whose page lists come in creation order, whatever sortBy and sortDirection say. */
function ignoresPageSort(): Twist {
  const created: string[] = []
  return (request, answer) => {
    if (request.method === 'POST' && request.path === '/v6/pages' && answer.status === 201) created.push(String((JSON.parse(answer.body) as { id: string }).id))
    if (request.method !== 'GET' || !request.path.startsWith('/v6/pages?') || answer.status !== 200) return answer
    const list = JSON.parse(answer.body) as { data: Array<{ id: string }> }
    list.data.sort((a, b) => created.indexOf(a.id) - created.indexOf(b.id))
    return { status: 200, body: JSON.stringify(list) }
  }
}

async function probeBehind(twist: Twist, run: string): Promise<ChoicesFile> {
  const mock: RunningServer = await listen(createMock({}), { port: 0, host: '127.0.0.1' })
  const proxy = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name === 'x-api-key' || name === 'content-type')) as Record<string, string>
      void fetch(mock.url + req.url!, { method: req.method, headers, body: body === '' ? undefined : body }).then(async (response) => {
        const answer = twist({ method: req.method!, path: req.url!, body }, { status: response.status, body: await response.text() })
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
      })
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  try {
    const creds = (await (await fetch(`${mock.url}/__mock/credentials`)).json()) as Credentials
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    return await probeChoices({ baseUrl: url, apiKey: creds.workspaces[0]!.appApiKey, workspaceId: creds.workspaces[0]!.id, tag: `contract-${run}` })
  } finally {
    await new Promise((resolve) => proxy.close(resolve))
    await mock.close()
  }
}

describe('a deployment that refuses any URL with a path', () => {
  let found: ChoicesFile
  beforeAll(async () => {
    found = await probeBehind(refusesUrlPaths, '0e1f0001')
  })

  it('leaves its URL limit unrecorded, with the reason, rather than learn the length of a bare origin', () => {
    expect(found.choices.urlMaxLength).toBeUndefined()
    expect(found.unrecorded?.urlMaxLength).toMatch(/not both accepted, so the length is not what refuses them/)
  })

  it('a length search refuses to learn a limit from inputs refused for their shape', async () => {
    const bare = 'https://example.com/'.length
    // Accepted only without a path: every longer value is refused whatever its length.
    await expect(limitOf(async (n) => n <= bare, 2048, bare + 1)).rejects.toThrow(/not both accepted/)
    await expect(limitOf(async (n) => n <= 300, 2048, bare + 1)).resolves.toBe(300)
  })
})

describe('a deployment that lists pages in creation order whatever the sort', () => {
  let found: ChoicesFile
  beforeAll(async () => {
    found = await probeBehind(ignoresPageSort(), '0e1f0002')
  })

  it('records no collation, nulls or ties rule, and says why', () => {
    for (const id of ['sortCollation', 'nullsSort', 'sortTies'] as const) {
      expect(found.choices[id], id).toBeUndefined()
      expect(found.unrecorded?.[id], id).toMatch(/direction does not reverse them/)
    }
  })

  it('still records the order of the sites list', () => {
    expect(found.choices.siteListOrder).toBe('oldest-first')
  })
})
