import { atLength } from '../soak/lengths.js'
import { describe, expect, it } from 'vitest'
import type { Choices } from '../../src/freedom/catalogue.js'
import { check, runAgainst } from '../contract/support.js'
import { createdId, servedPerTest, type Json } from './choices-server.js'
import { probeMock } from './probe-mock.js'

/**
 * onlineRepublish over HTTP: where going online publishes a page (pagePublishing going-online),
 * `isOnline: true` sent to a page already online publishes nothing (`unchanged`, sitemock's) or
 * publishes it again (`republishes`: its draft becomes its live version, publishedAt the update's
 * instant). The probes learn it back, and the stateful group adopts it under the default profile
 * and names the class under the sitemock one.
 */
const start = servedPerTest()
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A new page of a new site, online and published where going online publishes, then moved while online. */
async function movedOnlinePage(choices: Choices) {
  const server = await start(choices)
  const { id: siteId } = await server.site()
  const id = createdId(await server.call('POST', '/v6/pages', { siteId, pathname: '/p', name: 'p' }))
  const patch = async (body: unknown): Promise<Json> => {
    // Past the millisecond of the last change, so that a move shows.
    await sleep(5)
    const answer = await server.call('PATCH', `/v6/pages/${id}`, body)
    expect(answer.status).toBe(200)
    return answer.body
  }
  await patch({ isOnline: false })
  const published = await patch({ isOnline: true })
  await patch({ pathname: '/moved' })
  const live = async () => server.call('GET', `/v6/pages/${id}?versionRef=ref:live`)
  return { published, patch, live }
}

describe('the mock under onlineRepublish', () => {
  it("unchanged (sitemock's): isOnline: true sent to an online page leaves its live version and publishedAt", async () => {
    const { published, patch, live } = await movedOnlinePage({ pagePublishing: 'going-online' })
    const again = await patch({ isOnline: true })
    expect(again.publishedAt).toBe(published.publishedAt)
    const read = await live()
    expect(read.status).toBe(200)
    expect(read.body.pathname).toBe('/p')
    expect(read.body.publishedAt).toBe(published.publishedAt)
    expect(read.body.updatedAt).toBe(published.updatedAt)
  })

  it('republishes: the draft after the update becomes the live version, at the update’s instant', async () => {
    const { published, patch, live } = await movedOnlinePage({ pagePublishing: 'going-online', onlineRepublish: 'republishes' })
    const again = await patch({ isOnline: true })
    expect(again.publishedAt).not.toBe(published.publishedAt)
    expect(again.publishedAt).toBe(again.updatedAt)
    const read = await live()
    expect(read.status).toBe(200)
    expect(read.body.pathname).toBe('/moved')
    expect(read.body.publishedAt).toBe(again.publishedAt)
    expect(read.body.updatedAt).toBe(again.updatedAt)
  })

  it('republishes, with isOnline: false: nothing is published, the live version goes offline as before', async () => {
    const { published, patch, live } = await movedOnlinePage({ pagePublishing: 'going-online', onlineRepublish: 'republishes' })
    expect((await patch({ isOnline: false })).publishedAt).toBe(published.publishedAt)
    const read = await live()
    expect(read.body.pathname).toBe('/p')
    expect(read.body.isOnline).toBe(false)
  })

  it('republishes under pagePublishing control-plane: no update publishes, so there is no live version', async () => {
    const { patch, live } = await movedOnlinePage({ onlineRepublish: 'republishes' })
    expect((await patch({ isOnline: true })).publishedAt).toBeNull()
    expect((await live()).status).toBe(404)
  })
})

describe('the probes', () => {
  it.each([
    [{ pagePublishing: 'going-online' }, 'unchanged', '4e9b00'],
    [{ pagePublishing: 'going-online', onlineRepublish: 'republishes' }, 'republishes', '4e9b01'],
    // A live version that is the page as it is: its publishedAt alone tells.
    [{ pagePublishing: 'going-online', liveVersion: 'current' }, 'unchanged', '4e9b02'],
    [{ pagePublishing: 'going-online', liveVersion: 'current', onlineRepublish: 'republishes' }, 'republishes', '4e9b03'],
  ] as const)('learn %j back', async (choices, expected, run) => {
    const found = await probeMock(choices, run)
    expect(found.choices.onlineRepublish).toBe(expected)
    expect(found.choices.pagePublishing).toBe('going-online')
  }, 60_000)

  it('leave it unrecorded where no update publishes (pagePublishing control-plane)', async () => {
    const found = await probeMock({ onlineRepublish: 'republishes' }, '4e9b04')
    expect(found.choices.onlineRepublish).toBeUndefined()
    expect(found.unrecorded?.onlineRepublish).toContain('pagePublishing control-plane')
  }, 60_000)
})

describe('the stateful group against a mock that publishes an online page again', () => {
  // Enough sequences that an online page is sent isOnline: true (`npm run soak` runs 100).
  const RUNS = { runs: atLength(30, 100), seed: 1 }
  const REPUBLISHES = { pagePublishing: 'going-online', onlineRepublish: 'republishes' } as const
  const headlines = (report: Awaited<ReturnType<typeof runAgainst>>): string[] => check(report, 'stateful.model').failures.map((failure) => failure.message.split('\n')[0]!)
  const adopted = (report: Awaited<ReturnType<typeof runAgainst>>): string => report.notices.find((line) => line.startsWith('stateful adopted')) ?? ''

  it('nothing learned: no divergence', async () => {
    const server = await start(REPUBLISHES)
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: RUNS, learnChoices: false })
    expect(headlines(report)).toEqual([])
  }, 240_000)

  it('the choices learned first: the oracle publishes as the target does, adopted, no divergence', async () => {
    const server = await start(REPUBLISHES)
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: RUNS })
    expect(headlines(report)).toEqual([])
    expect(adopted(report)).toContain('onlineRepublish: republishes')
  }, 240_000)

  it('the choices learned first, a target that does not publish again: adopted as unchanged', async () => {
    const server = await start({ pagePublishing: 'going-online' })
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], stateful: RUNS })
    expect(headlines(report)).toEqual([])
    expect(adopted(report)).toContain('onlineRepublish: unchanged')
  }, 240_000)

  it('names the class under the sitemock profile', async () => {
    const server = await start(REPUBLISHES)
    // The oracle publishes as pages go online, as the target does, so that the republication alone differs.
    const report = await runAgainst(server.url, server.mock, { only: ['stateful'], profile: 'sitemock', stateful: RUNS, choices: { pagePublishing: 'going-online' } })
    expect(check(report, 'stateful.model').failures.map((failure) => failure.leftOpen ?? '')).toContainEqual(expect.stringContaining(`sitemock's choice onlineRepublish="unchanged"`))
  }, 240_000)
})
