import type { Choices, ChoicesByList, ChoicesFile } from '../freedom/catalogue.js'
import { cleanup } from './cleanup.js'
import { caller, ownChannel, Unrecorded, type Call, type ProbeSite, type ProbeTarget, type Recorder } from './choices-probe-kit.js'
import { probeInput } from './choices-probe-input.js'
import { probeEmptyPageUpdate, withPagePathnames } from './choices-probe-page-update.js'
import { probeLimits } from './choices-probe-limits.js'
import { probeLifecycle } from './choices-probe-lifecycle.js'
import { probeDefaultRename, probeLocales } from './choices-probe-locales.js'
import { probeListCursors } from './choices-probe-list-cursors.js'
import { probeLookups } from './choices-probe-lookups.js'
import { probeListOrders, probePageSort } from './choices-probe-orders.js'
import { probeValues } from './choices-probe-values.js'

export type { ProbeTarget } from './choices-probe-kit.js'

/**
 * `sitemock contract --write-choices`: targeted probes that find which free choice (see
 * contracts/schemas/choices.json) a deployment made, every class of the catalogue. Everything a
 * probe creates lives in one site and a second one (for the sites' order and a siteId beside an
 * id), both named with the run tag and deleted at the end whatever happens, or in a site a probe
 * makes with the run tag and deletes itself (a copy, a site of a name taken, a site for what a
 * site's delete does); nothing else is changed. A choice whose probe gives an answer no alternative explains, or that this deployment
 * gives no way to see, is left unrecorded with the reason rather than guessed.
 */
export async function probeChoices(target: ProbeTarget): Promise<ChoicesFile> {
  const channel = target.channel ?? ownChannel(target)
  // Once a page update is known to need its pathname, every probe's page update carries the page's own.
  let pathnameRequired = false
  const call = withPagePathnames(withoutRoutes(caller(channel), target.routes === false), () => pathnameRequired)
  // Deletes go out after a Ctrl-C too: what the probes made must not outlive them.
  const remove = caller({ client: channel.client.uninterruptible(), tracker: channel.tracker })
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
  let lists: ChoicesByList = {}
  try {
    const other = await call('POST', '/v2/sites', { workspaceId: target.workspaceId, name: `${target.tag} choices second` })
    if (other.status === 201) created.push(String(other.body.id))
    const otherSiteId = other.status === 201 ? String(other.body.id) : new Unrecorded(`a second site could not be created (${other.status})`)
    const context = { call, record, target, siteId, siteKey: String(site.body.publicApiKey), site: site.body, otherSiteId, learned: choices as Choices }
    pathnameRequired = (await probeEmptyPageUpdate(context)) === 'pathname-required'
    lists = await probeSite(context, (inPath) => channel.client.writePathnames(inPath))
  } finally {
    for (const id of created.reverse()) await remove('DELETE', `/v2/sites/${id}`).catch(() => undefined)
    // Outside a run, whatever else the probes created and did not delete goes now (in a run, with the run's cleanup).
    if (target.channel === undefined) await cleanup(channel.client.uninterruptible(), channel.tracker, { workspaceId: target.workspaceId, tag: target.tag })
  }
  return { target: target.baseUrl, recordedAt: new Date().toISOString(), choices: choices as Choices, ...(Object.keys(lists).length ? { lists } : {}), ...(Object.keys(unrecorded).length ? { unrecorded } : {}) }
}

/** A caller that sends nothing to the routes when the run judges none, leaving their classes unrecorded. */
function withoutRoutes(call: Call, skip: boolean): Call {
  if (!skip) return call
  return async (method, path, body, key) => {
    if (path.startsWith('/v2/routes')) throw new Unrecorded('not sent: routes are not in the published OpenAPI, which --profile published holds the target to')
    return call(method, path, body, key)
  }
}

/** Every class, and the lists that answer cursors in their own way. */
async function probeSite(context: ProbeSite, writePathnames: (inPath: 'encoded' | 'segments') => void): Promise<ChoicesByList> {
  const { call, siteId, target, record } = context
  const page = await call('POST', '/v6/pages', { siteId, pathname: `/${target.tag}-first`, name: `${target.tag} first` })
  if (page.status !== 201) throw new Error(`the probes' page could not be created: POST /v6/pages answered ${page.status}`)
  const pageId = String(page.body.id)
  // Before any probe names a page by its pathname in the path: from then on every request writes it as the target takes it.
  await record('pathnameInPath', async () => {
    const pathname = String(page.body.pathname)
    const encoded = await call('GET', `/v6/pages/${encodeURIComponent(pathname)}?siteId=${siteId}`)
    if (encoded.status === 200) return 'encoded'
    const segments = await call('GET', `/v6/pages/${pathname.split('/').slice(1).map(encodeURIComponent).join('/')}?siteId=${siteId}`)
    if (segments.status !== 200) throw new Unrecorded(`the probes' page was found by its pathname neither as one encoded segment (${encoded.status}) nor as the rest of the path (${segments.status})`)
    writePathnames('segments')
    return 'segments'
  })
  // First values before anything changes the page or the site.
  await probeValues(context, page.body)
  await probeInput(context, pageId)
  await probeLimits(context, pageId)
  await probeLookups(context, pageId)
  // Once the cursor classes are learned, on one list each: which lists answer otherwise.
  const lists = await probeListCursors(context, pageId)
  await probeLocales(context)
  await probePageSort(context)
  await probeListOrders(context)
  // After the sites' order was read, as they make and delete sites; their pathnames in another case after pagePathnameCase.
  await probeLifecycle(context)
  await probeDefaultRename(context)
  return lists
}
