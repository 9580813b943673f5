import type { Choices, ChoicesFile } from '../contracts/choices.js'
import { caller, Unrecorded, type ProbeSite, type ProbeTarget, type Recorder } from './choices-probe-kit.js'
import { probeInput } from './choices-probe-input.js'
import { probeLimits } from './choices-probe-limits.js'
import { probeDefaultRename, probeLookups } from './choices-probe-lookups.js'
import { probeListOrders, probePageSort } from './choices-probe-orders.js'
import { probeValues } from './choices-probe-values.js'

export type { ProbeTarget } from './choices-probe-kit.js'

/**
 * `sitemock contract --write-choices`: targeted probes that find which free choice (see
 * contracts/schemas/choices.json) a deployment made, every class of the catalogue. Everything a
 * probe creates lives in one site and a second one (for the sites' order and a siteId beside an
 * id), both named with the run tag and deleted at the end whatever happens; nothing else is
 * changed. A choice whose probe gives an answer no alternative explains, or that this deployment
 * gives no way to see, is left unrecorded with the reason rather than guessed.
 */
export async function probeChoices(target: ProbeTarget): Promise<ChoicesFile> {
  const call = caller(target)
  const choices: Record<string, unknown> = {}
  const unrecorded: Record<string, string> = {}
  const record: Recorder = async (id, find) => {
    try {
      choices[id] = await find()
    } catch (error) {
      if (!(error instanceof Unrecorded)) throw error
      unrecorded[id] = error.message
    }
  }
  const site = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name: `${target.tag} choices` })
  if (site.status !== 201) throw new Error(`the probes' site could not be created: POST /v2/sites answered ${site.status}`)
  const siteId = String(site.body.id)
  const created: string[] = [siteId]
  try {
    const other = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name: `${target.tag} choices second` })
    if (other.status === 201) created.push(String(other.body.id))
    const otherSiteId = other.status === 201 ? String(other.body.id) : new Unrecorded(`a second site could not be created (${other.status})`)
    await probeSite({ call, record, target, siteId, siteKey: String(site.body.publicApiKey), site: site.body, otherSiteId })
  } finally {
    for (const id of created.reverse()) await call('DELETE', `/v2/sites/${id}`).catch(() => undefined)
  }
  return { target: target.baseUrl, recordedAt: new Date().toISOString(), choices: choices as Choices, ...(Object.keys(unrecorded).length ? { unrecorded } : {}) }
}

async function probeSite(context: ProbeSite): Promise<void> {
  const { call, siteId, target } = context
  const page = await call('POST', '/v6/pages', { siteId, pathname: `/${target.tag}-first`, name: `${target.tag} first` })
  if (page.status !== 201) throw new Error(`the probes' page could not be created: POST /v6/pages answered ${page.status}`)
  const pageId = String(page.body.id)
  // First values before anything changes the page or the site.
  await probeValues(context, page.body)
  await probeInput(context, pageId)
  await probeLimits(context, pageId)
  await probeLookups(context, pageId)
  await probePageSort(context)
  await probeListOrders(context)
  await probeDefaultRename(context)
}
