import { randomUUID } from 'node:crypto'
import { reachableSite, type Call, type Handler } from '../call.js'
import { checked } from '../checked.js'
import { now } from '../clock.js'
import { forbidden, notFound } from '../http-error.js'
import { listBody, pageOf } from '../lists.js'
import { siteJson } from '../present.js'
import type { Site } from '../store.js'
import { limit, localeCode, name, nullable, refused, url, uuid, type Shape } from '../validate.js'

const SITE_PARAMS: Shape = { siteId: { rule: uuid, required: true } }

/** Sites are managed by App keys: a Site key may not create, list, duplicate or delete them. */
function requireAppKey(call: Call, what: string): string {
  if (call.principal.kind !== 'app') throw forbidden(`a Site API key cannot ${what}`)
  return call.principal.workspaceId
}

export const createSite: Handler = (call) => {
  const body = checked(call, {
    body: { workspaceId: { rule: uuid, required: true }, name: { rule: name, required: true }, hostOrigin: { rule: url }, defaultLocale: { rule: localeCode } },
  })
  const workspaceId = requireAppKey(call, 'create sites')
  if (String(body.workspaceId).toLowerCase() !== workspaceId) throw forbidden('the workspace is not the one of this App key')
  const site: Site = {
    id: randomUUID(),
    workspaceId,
    name: String(body.name),
    hostOrigin: (body.hostOrigin as string | undefined) ?? null,
    publicApiKey: randomUUID(),
    defaultLocaleId: randomUUID(),
    seq: call.store.nextSeq(),
  }
  call.store.sites.set(site.id, site)
  // The specification's default when none is given.
  const code = (body.defaultLocale as string | undefined) ?? 'en-US'
  call.store.locales.set(site.defaultLocaleId, { id: site.defaultLocaleId, siteId: site.id, code, domain: null, deletedSeq: null, seq: call.store.nextSeq() })
  return { status: 201, body: siteJson(call.store, site) }
}

export const listSites: Handler = (call) => {
  checked(call, { query: { workspaceId: { rule: uuid, required: true }, limit: { rule: limit }, startingAfter: { rule: uuid } } })
  const workspaceId = requireAppKey(call, 'list sites')
  if (call.query.workspaceId!.toLowerCase() !== workspaceId) throw forbidden('the workspace is not the one of this App key')
  // Newest first: neither document fixes the order of this list.
  const sites = [...call.store.sites.values()].filter((site) => site.workspaceId === workspaceId).sort((a, b) => b.seq - a.seq)
  return { status: 200, body: listBody(pageOf(sites, call.query.limit, call.query.startingAfter), (site) => siteJson(call.store, site)) }
}

export const getSite: Handler = (call) => {
  checked(call, { params: SITE_PARAMS })
  return { status: 200, body: siteJson(call.store, reachableSite(call, call.params.siteId!)) }
}

export const updateSite: Handler = (call) => {
  const body = checked(call, { params: SITE_PARAMS, body: { name: { rule: name }, hostOrigin: { rule: nullable(url) }, defaultLocale: { rule: refused } } })
  const site = reachableSite(call, call.params.siteId!)
  if (body.name !== undefined) site.name = String(body.name)
  if (body.hostOrigin !== undefined) site.hostOrigin = body.hostOrigin as string | null
  return { status: 200, body: siteJson(call.store, site) }
}

export const deleteSite: Handler = (call) => {
  checked(call, { params: SITE_PARAMS })
  const site = call.store.sites.get(call.params.siteId!.toLowerCase())
  if (!site) throw notFound('site')
  requireAppKey(call, 'delete sites')
  reachableSite(call, site.id)
  call.store.removeSite(site)
  return { status: 204 }
}

export const duplicateSite: Handler = (call) => {
  const body = checked(call, { params: SITE_PARAMS, body: { name: { rule: name, required: true } } })
  const source = call.store.sites.get(call.params.siteId!.toLowerCase())
  if (!source) throw notFound('site')
  requireAppKey(call, 'duplicate sites')
  reachableSite(call, source.id)
  const { store } = call
  const copy: Site = { ...source, id: randomUUID(), name: String(body.name), publicApiKey: randomUUID(), seq: store.nextSeq() }
  store.sites.set(copy.id, copy)
  // Every active locale, page and route under a fresh id; the default locale stays the default.
  const localeIds = new Map<string, string>()
  for (const locale of store.activeLocalesOf(source.id)) {
    const id = randomUUID()
    localeIds.set(locale.id, id)
    store.locales.set(id, { ...locale, id, siteId: copy.id, seq: store.nextSeq() })
  }
  copy.defaultLocaleId = localeIds.get(source.defaultLocaleId) ?? copy.defaultLocaleId
  const at = now()
  for (const page of store.pagesOf(source.id)) {
    const id = randomUUID()
    store.pages.set(id, { ...page, id, siteId: copy.id, localeId: localeIds.get(page.localeId) ?? copy.defaultLocaleId, createdAt: at, updatedAt: at, seq: store.nextSeq() })
  }
  for (const route of store.routesOf(source.id)) {
    const id = randomUUID()
    store.routes.set(id, { ...route, id, siteId: copy.id, seq: store.nextSeq() })
  }
  return { status: 201, body: siteJson(store, copy) }
}

