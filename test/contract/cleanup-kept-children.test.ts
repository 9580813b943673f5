import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, cleanupTagged } from '../../src/contract/cleanup.js'
import { LOCALES, PAGES, ROUTES, SITES } from '../../src/contract/endpoints.js'
import { ContractClient } from '../../src/contract/http-client.js'
import { runName, runPathname } from '../../src/contract/tag.js'
import { Throttle } from '../../src/contract/throttle.js'
import { CreatedResources } from '../../src/contract/tracker.js'
import type { Choices } from '../../src/freedom/catalogue.js'
import { serveWithChoices, type ChoicesServer } from '../choices/choices-server.js'

/**
 * A run's cleanup against a deployment whose site delete keeps the site's locales, pages and
 * routes (siteDeleteChildren: kept): what the run made in its sites is deleted by id after the
 * site, and against one that deletes them with the site, nothing more is sent.
 */

const TAG = 'contract-0c1ea4ed'
let server: ChoicesServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

interface Made {
  client: ContractClient
  tracker: CreatedResources
  ids: { page: string; route: string; locale: string }
}

/** A run's site with a page, a route and a locale, made through the suite's own client so that its tracker records them. */
async function madeByARun(choices: Choices): Promise<Made> {
  server = await serveWithChoices(choices)
  const key = server.mock.credentials().workspaces[0]!.appApiKey
  const tracker = new CreatedResources(TAG)
  const client = new ContractClient({ baseUrl: server.url, apiKey: key, throttle: new Throttle(1, 0), tracker, readOnly: false, timeoutMs: 5000, notice: () => undefined })
  const site = await client.send({ method: 'POST', template: SITES, body: { workspaceId: server.workspaceId, name: runName(TAG, 'kept children') } })
  const siteId = String((site.body as { id: string }).id)
  const idOf = async (template: string, body: Record<string, unknown>): Promise<string> => {
    const made = await client.send({ method: 'POST', template, body: { siteId, ...body } })
    expect(made.status).toBe(201)
    return String((made.body as { id: string }).id)
  }
  const ids = { page: await idOf(PAGES, { pathname: runPathname(TAG, 'page'), name: 'page' }), route: await idOf(ROUTES, { pathname: runPathname(TAG, 'route') }), locale: await idOf(LOCALES, { locale: 'fr-FR' }) }
  return { client, tracker, ids }
}

const readable = async (ids: Made['ids']): Promise<number[]> =>
  Promise.all([`/v6/pages/${ids.page}`, `/v2/routes/${ids.route}`, `/v2/locales/${ids.locale}`].map(async (path) => (await server!.call('GET', path)).status))

describe("a run's cleanup where a site's delete keeps what it holds", () => {
  it('deletes the kept page, route and locale by id after the site, and leaves nothing behind', async () => {
    const { client, tracker, ids } = await madeByARun({ siteDeleteChildren: 'kept' })
    const report = await cleanup(client, tracker, { tag: TAG })
    expect(report.leftBehind).toEqual([])
    expect(report.deleted.map((resource) => resource.kind).sort()).toEqual(['locale', 'page', 'route', 'site'])
    expect(await readable(ids)).toEqual([404, 404, 404])
  })

  it('sends nothing more where the delete takes them with the site', async () => {
    const { client, tracker, ids } = await madeByARun({ siteDeleteChildren: 'deleted' })
    const report = await cleanup(client, tracker, { tag: TAG })
    expect(report.deleted.map((resource) => resource.kind)).toEqual(['site'])
    expect(await readable(ids)).toEqual([404, 404, 404])
  })

  it("finds a killed run's kept children by listing its tagged sites before their delete", async () => {
    const { client, ids } = await madeByARun({ siteDeleteChildren: 'kept' })
    const report = await cleanupTagged(client, new CreatedResources(TAG), { workspaceId: server!.workspaceId, tag: TAG, runIsDead: true })
    expect(report.leftBehind).toEqual([])
    expect(await readable(ids)).toEqual([404, 404, 404])
  })
})
