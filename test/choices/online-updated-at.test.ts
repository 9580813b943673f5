import { describe, expect, it } from 'vitest'
import { startPermissive, type Choices as TwinChoices } from '../contract/permissive/index.js'
import { Client, OBSERVE } from '../contract/twin/observe.js'
import { createdId, servedPerTest, type Answer } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * onlineUpdatedAt over HTTP: a page update that turns the page online or offline and changes
 * nothing else moves updatedAt (`moves`) or leaves it (`unchanged`), or each direction its own way
 * (`offline-moves`, outsider36: going online is a publication; `online-moves`); any other change
 * moves it under each. With pagePublishing going-online, the publication still gets its own instant.
 */
const start = servedPerTest()
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

async function page(choices: Parameters<typeof start>[0]) {
  const server = await start(choices)
  const { id: siteId } = await server.site()
  const id = createdId(await server.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' }))
  const read = async (): Promise<Answer['body']> => (await server.call('GET', `/v6/pages/${id}`)).body
  const patch = async (body: unknown): Promise<Answer> => {
    // Past the millisecond of the last change, so that a move shows.
    await sleep(5)
    return server.call('PATCH', `/v6/pages/${id}`, body)
  }
  return { read, patch }
}

describe('onlineUpdatedAt over HTTP', () => {
  it.each([
    ['moves', true, true],
    ['unchanged', false, false],
    ['offline-moves', false, true],
    ['online-moves', true, false],
  ] as const)('%s: turning a page online, then offline, with its own pathname beside', async (value, onlineMoves, offlineMoves) => {
    const { read, patch } = await page({ onlineUpdatedAt: value, newPageOnline: 'offline' })
    const before = await read()
    const on = await patch({ isOnline: true, pathname: '/p' })
    expect(on.status).toBe(200)
    expect(on.body.isOnline).toBe(true)
    expect(on.body.updatedAt !== before.updatedAt).toBe(onlineMoves)
    const online = await read()
    expect(online.updatedAt).toBe(on.body.updatedAt)
    const off = await patch({ isOnline: false })
    expect(off.body.isOnline).toBe(false)
    expect(off.body.updatedAt !== online.updatedAt).toBe(offlineMoves)
  })

  it('unchanged: an update that turns the page online and changes anything else moves updatedAt', async () => {
    const { read, patch } = await page({ onlineUpdatedAt: 'unchanged', newPageOnline: 'offline' })
    const before = await read()
    const answer = await patch({ isOnline: true, title: 'Titled' })
    expect(answer.body.isOnline).toBe(true)
    expect(answer.body.updatedAt).not.toBe(before.updatedAt)
  })

  it('unchanged: sending the online state the page has is no publication, and moves updatedAt as sitemock does', async () => {
    const { read, patch } = await page({ onlineUpdatedAt: 'unchanged', newPageOnline: 'offline' })
    const before = await read()
    expect((await patch({ isOnline: false })).body.updatedAt).not.toBe(before.updatedAt)
  })

  it('unchanged with pagePublishing going-online: going online publishes at a new instant and leaves updatedAt', async () => {
    const { read, patch } = await page({ onlineUpdatedAt: 'unchanged', pagePublishing: 'going-online', newPageOnline: 'offline' })
    const before = await read()
    const on = await patch({ isOnline: true })
    expect(on.body.updatedAt).toBe(before.updatedAt)
    expect(typeof on.body.publishedAt).toBe('string')
    expect(String(on.body.publishedAt) > String(before.updatedAt)).toBe(true)
  })
})

describe('onlineUpdatedAt: the probes and the twin tell each direction apart', () => {
  it.each(['moves', 'unchanged', 'offline-moves', 'online-moves'] as const)('the probes learn %s back', async (value) => {
    const server = await start({ onlineUpdatedAt: value })
    expect((await probe(server, 'contract-0a1b2c3d')).choices.onlineUpdatedAt).toBe(value)
  })

  it.each(['moves', 'unchanged', 'offline-moves', 'online-moves'] as const)('the twin takes and observes %s', async (value) => {
    const choices: TwinChoices = { onlineUpdatedAt: value }
    const permissive = await startPermissive({ choices })
    try {
      expect(await OBSERVE.onlineUpdatedAt!(new Client({ ...permissive, seed: 0, choices }))).toBe(value)
    } finally {
      await permissive.close()
    }
  })
})
