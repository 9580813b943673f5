import fs from 'node:fs'
import readline from 'node:readline'
import type { Workload } from './load-types.js'

/** A workload's body for its n-th request: `{n}` becomes the counter and `{tag}` the run's own text. */
export const fillBody = (template: string, n: number, tag: string): string => template.replaceAll('{n}', String(n)).replaceAll('{tag}', tag)

/** What the sitemock workloads address: a key, the big site, one of its pages, and cursors in the middle. */
export interface SitemockTarget {
  key: string
  siteId: string
  pageId: string
  pathname: string
  /** The middle page of the default list (online pages by pathname). */
  middleCursor: string
  /** The middle page of the same list with offline pages included. */
  middleCursorWithOffline: string
}

interface FixturePage {
  id: string
  siteId: string
  draft: { pathname: string; isOnline: boolean }
}

/**
 * Reads the generated fixture one record per line (its layout) to find the middle pages: a
 * walk of the list over HTTP would take minutes at a million pages and warm every page first.
 * A generated fixture lists each site's pages by pathname, the order of the default list.
 */
export async function resolveTarget(fixtureFile: string): Promise<SitemockTarget> {
  const all: Array<{ id: string; pathname: string; isOnline: boolean }> = []
  let key: string | undefined
  let siteId: string | undefined
  const lines = readline.createInterface({ input: fs.createReadStream(fixtureFile), crlfDelay: Infinity })
  for await (const line of lines) {
    if (!line.startsWith('    {')) continue
    const record = JSON.parse(line.endsWith(',') ? line.slice(4, -1) : line.slice(4)) as Partial<FixturePage> & { appApiKey?: string }
    if (record.appApiKey !== undefined) key ??= record.appApiKey
    if (record.draft !== undefined) {
      siteId ??= record.siteId
      if (record.siteId === siteId) all.push({ id: record.id!, pathname: record.draft.pathname, isOnline: record.draft.isOnline })
    }
  }
  if (key === undefined || siteId === undefined) throw new Error(`${fixtureFile} holds no workspace or no page`)
  const online = all.filter((page) => page.isOnline)
  const middle = online[Math.floor(online.length / 2)]!
  return { key, siteId, pageId: middle.id, pathname: middle.pathname, middleCursor: middle.id, middleCursorWithOffline: all[Math.floor(all.length / 2)]!.id }
}

/** The reads every size is measured on: one page, and a 20-item list, deep in the site. */
export function readWorkloads(target: SitemockTarget): { one: Workload; deepList: Workload } {
  const headers = { 'x-api-key': target.key }
  return {
    one: { name: 'GET page by id', path: `/v6/pages/${target.pageId}`, headers },
    deepList: { name: 'GET list, 20 from the middle, offline included', path: `/v6/pages?siteId=${target.siteId}&limit=20&includeOffline=true&startingAfter=${target.middleCursorWithOffline}`, headers },
  }
}

export function sitemockWorkloads(target: SitemockTarget): Workload[] {
  const headers = { 'x-api-key': target.key }
  const list = `/v6/pages?siteId=${target.siteId}&limit=20`
  const { one, deepList } = readWorkloads(target)
  return [
    one,
    { name: 'GET page by pathname', path: `/v6/pages/${encodeURIComponent(target.pathname)}?siteId=${target.siteId}`, headers },
    { name: 'GET list, first 20', path: list, headers },
    { name: 'GET list, 20 from the middle', path: `${list}&startingAfter=${target.middleCursor}`, headers },
    deepList,
    { name: 'GET list, 20 by updatedAt desc, offline included', path: `${list}&sortBy=updatedAt&sortDirection=desc&includeOffline=true`, headers },
    { name: 'GET list, 20 by title, prefix filter', path: `${list}&sortBy=title&pathPrefix=${encodeURIComponent(target.pathname.slice(0, target.pathname.indexOf('/', 1) + 1) || '/')}`, headers },
    ...writeWorkloads(target),
  ]
}

export function writeWorkloads(target: SitemockTarget): Workload[] {
  const headers = { 'x-api-key': target.key }
  return [
    {
      name: 'PATCH page',
      method: 'PATCH',
      path: `/v6/pages/${target.pageId}`,
      headers,
      body: '{"title":"Edited {tag} {n}"}',
    },
    {
      name: 'POST page (fresh pathname)',
      method: 'POST',
      path: '/v6/pages',
      headers,
      body: `{"siteId":"${target.siteId}","pathname":"/bench/{tag}-{n}","name":"Bench {n}"}`,
    },
  ]
}
