import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { probeChoices } from '../../src/contract/choices-probe.js'
import { ownChannel, type ProbeTarget } from '../../src/contract/choices-probe-kit.js'
import type { Choices, ChoicesFile } from '../../src/freedom/catalogue.js'
import type { Credentials } from '../../src/generated/types.js'
import { createMock } from '../../src/mock.js'
import { listen } from '../../src/transports/node-server.js'

/**
 * The probes of what a delete does and how names and pathnames are matched, on deployments the
 * sweep (probe-sweep.test.ts) does not play: one with no pathname in another case to look up,
 * one whose sites alone answer a delete sent again with a 204, one whose site names are unique in
 * their own case alone, one whose site delete fails once, one whose site delete keeps the site's
 * page. The mock plays each, behind a proxy that bends what it
 * must. The probes run with a channel of their own, as in a contract run, so the run's cleanup
 * does not tidy up after them: what they leave behind, the test sees.
 */

interface Exchange {
  method: string
  path: string
  body: Record<string, unknown>
}

interface Answered {
  status: number
  body: string
}

/** A deployment's difference from the mock: the request it sends on, or its own answer in the mock's place. */
interface Twist {
  request?(exchange: Exchange): Exchange
  /** An answer of the deployment's own, the request not sent on; undefined: the mock answers. */
  instead?(exchange: Exchange): Answered | undefined
  /** Told of every answer the mock gave. */
  seen?(exchange: Exchange, answer: Answered): void
}

interface Probed {
  file: ChoicesFile
  /** Every request the probes sent, with the answer they got. */
  log: Array<{ exchange: Exchange; answer: Answered }>
}

/** A GET to the mock itself, with the App key: what the probes left behind them. */
type Read = (path: string) => Promise<Answered & { json: Record<string, unknown> }>

/** The probes run behind the twist; `inspect` reads the mock after them, before it closes. */
async function probeBehind(choices: Choices, twist: Twist, run: string, inspect?: (read: Read, log: Probed['log']) => Promise<void>): Promise<Probed> {
  const mock = await listen(createMock({ choices }), { port: 0, host: '127.0.0.1' })
  const log: Probed['log'] = []
  const proxy = http.createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      const sent = { method: req.method!, path: req.url!, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) }
      const onward = twist.request?.(sent) ?? sent
      const reply = (answer: Answered): void => {
        log.push({ exchange: onward, answer })
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.status === 204 ? undefined : answer.body)
      }
      const own = twist.instead?.(onward)
      if (own !== undefined) return reply(own)
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name === 'x-api-key' || name === 'content-type')) as Record<string, string>
      void fetch(mock.url + onward.path, { method: onward.method, headers, body: text === '' ? undefined : JSON.stringify(onward.body) }).then(async (response) => {
        const answer = { status: response.status, body: await response.text() }
        twist.seen?.(onward, answer)
        reply(answer)
      })
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const creds = (await (await fetch(`${mock.url}/__mock/credentials`)).json()) as Credentials
  const workspace = creds.workspaces[0]!
  const read: Read = async (path) => {
    const response = await fetch(mock.url + path, { headers: { 'x-api-key': workspace.appApiKey } })
    const body = await response.text()
    return { status: response.status, body, json: body === '' ? {} : (JSON.parse(body) as Record<string, unknown>) }
  }
  try {
    const target: ProbeTarget = { baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, apiKey: workspace.appApiKey, workspaceId: workspace.id, tag: `contract-${run}` }
    const file = await probeChoices({ ...target, channel: ownChannel(target) })
    const sites = await read(`/v2/sites?workspaceId=${workspace.id}&limit=100`)
    // Whatever a probe met, no site of the run outlives the probes.
    expect((sites.json.data as Array<{ name: string }>).map((site) => site.name).filter((name) => name.startsWith(target.tag))).toEqual([])
    await inspect?.(read, log)
    return { file, log }
  } finally {
    await new Promise((resolve) => proxy.close(resolve))
    await mock.close()
  }
}

const isSiteCreate = ({ method, path }: Exchange): boolean => method === 'POST' && path === '/v2/sites'

describe('the probes of what a delete does and how names and pathnames are matched', () => {
  it('learn sitemock’s own choices on the mock as it is', async () => {
    const { file } = await probeBehind({}, {}, '0e1f0101')
    expect(file.choices).toMatchObject({ repeatedDelete: 'not-found', siteNames: 'shared', pathPrefixCase: 'exact', localeFilterScope: 'localized', siteDeleteChildren: 'deleted', pathnameLookupCase: 'exact' })
  })

  it('leave both classes of a pathname in another case unrecorded where pathnames are stored in lower case, saying why', async () => {
    const { file } = await probeBehind({ pagePathnameCase: 'lower-case' }, {}, '0e1f0102')
    for (const id of ['pathPrefixCase', 'pathnameLookupCase'] as const) {
      expect(file.choices[id], id).toBeUndefined()
      expect(file.unrecorded?.[id], id).toMatch(/pathnames are stored in lower case \(pagePathnameCase lower-case\)/)
    }
  })

  it('leave them unrecorded too where a new page’s pathname alone is stored in lower case', async () => {
    // A deployment that lower-cases the pathname of a create only: pagePathnameCase, learned by an update, is kept.
    const lowerCreates: Twist = {
      request: (exchange) =>
        exchange.method === 'POST' && exchange.path === '/v6/pages' && typeof exchange.body.pathname === 'string' ? { ...exchange, body: { ...exchange.body, pathname: exchange.body.pathname.toLowerCase() } } : exchange,
    }
    const { file } = await probeBehind({}, lowerCreates, '0e1f0103')
    expect(file.choices.pagePathnameCase).toBe('kept')
    for (const id of ['pathPrefixCase', 'pathnameLookupCase'] as const) expect(file.unrecorded?.[id], id).toMatch(/has the pathname "\/contract-0e1f0103-cased", so none differs from its own in case alone/)
  })

  it('leave repeatedDelete unrecorded where a site deleted again answers 204 and a page 404', async () => {
    const deletedSites = new Set<string>()
    const sitesAgain: Twist = {
      seen: (exchange, answer) => {
        if (exchange.method === 'DELETE' && exchange.path.startsWith('/v2/sites/') && answer.status === 204) deletedSites.add(exchange.path)
      },
      instead: (exchange) => (exchange.method === 'DELETE' && deletedSites.has(exchange.path) ? { status: 204, body: '' } : undefined),
    }
    const { file } = await probeBehind({}, sitesAgain, '0e1f0107')
    expect(file.choices.repeatedDelete).toBeUndefined()
    expect(file.unrecorded?.repeatedDelete).toMatch(/a page deleted a second time answered 404, a site 204: the families answer apart/)
  })

  it('leave siteNames unrecorded where a name is unique in its own case alone, and delete the site taken in the other', async () => {
    const names = new Set<string>()
    const uniqueInCase: Twist = {
      instead: (exchange) => (isSiteCreate(exchange) && names.has(String(exchange.body.name)) ? { status: 409, body: JSON.stringify({ object: 'error', code: 'conflict', message: 'a site has this name' }) } : undefined),
      seen: (exchange, answer) => {
        if (isSiteCreate(exchange) && answer.status === 201) names.add(String(exchange.body.name))
      },
    }
    const { file, log } = await probeBehind({}, uniqueInCase, '0e1f0104')
    expect(file.choices.siteNames).toBeUndefined()
    expect(file.unrecorded?.siteNames).toMatch(/refused \(409\) in its own case but taken in another \(contract-0e1f0104 LIFECYCLE\)/)
    expect(log.filter(({ exchange }) => isSiteCreate(exchange)).map(({ exchange, answer }) => [exchange.body.name, answer.status])).toContainEqual(['contract-0e1f0104 LIFECYCLE', 201])
  })

  it('delete their third site where its first delete failed, leaving siteDeleteChildren unrecorded', async () => {
    let failed = false
    let thirdSite: string | undefined
    // The site stays: only a delete of the probes' own sends it away.
    const deleteFailsOnce: Twist = {
      seen: (exchange, answer) => {
        if (isSiteCreate(exchange) && exchange.body.name === 'contract-0e1f0105 lifecycle' && answer.status === 201) thirdSite ??= (JSON.parse(answer.body) as { id: string }).id
      },
      instead: (exchange) => {
        if (failed || exchange.method !== 'DELETE' || thirdSite === undefined || exchange.path !== `/v2/sites/${thirdSite}`) return undefined
        failed = true
        return { status: 500, body: JSON.stringify({ object: 'error', code: 'internal_error', message: 'try again' }) }
      },
    }
    const { file } = await probeBehind({}, deleteFailsOnce, '0e1f0105', async (read) => {
      expect((await read(`/v2/sites/${thirdSite}`)).status).toBe(404)
    })
    expect(file.unrecorded?.siteDeleteChildren).toMatch(/the third site's delete answered 500/)
    expect(failed).toBe(true)
  })

  it('delete the page and the locale a site’s delete kept', async () => {
    const made = (log: Probed['log'], path: string, field: string, value: string): string | undefined => {
      const found = log.find(({ exchange, answer }) => exchange.method === 'POST' && exchange.path === path && exchange.body[field] === value && answer.status === 201)
      return found === undefined ? undefined : (JSON.parse(found.answer.body) as { id: string }).id
    }
    const { file, log } = await probeBehind({ siteDeleteChildren: 'kept' }, {}, '0e1f0106', async (read, sent) => {
      const page = made(sent, '/v6/pages', 'pathname', '/contract-0e1f0106-kept')
      expect(page).toBeDefined()
      expect((await read(`/v6/pages/${page}`)).status).toBe(404)
    })
    expect(file.choices.siteDeleteChildren).toBe('kept')
    const locale = made(log, '/v2/locales', 'locale', 'it-IT')
    expect(log.some(({ exchange, answer }) => exchange.method === 'DELETE' && exchange.path === `/v2/locales/${locale}` && answer.status === 204)).toBe(true)
  })
})
