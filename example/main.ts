/**
 * The example app: lists sites and their pages with cursor pagination and creates pages,
 * through plain fetch calls to the service's real paths. Only the start of the mock and the keys
 * it hands out tell it apart from an app talking to the service itself.
 */
import { DEFAULT_BASE_URL, startBrowserMock } from '../src/transports/browser.js'
import type { Site } from '../src/generated/types.js'
import { ApiFailure, createClient } from './api.js'

const PAGE_SIZE = 10
// ?baseUrl=/ runs the same app with the mock on the page's own origin.
const baseUrl = new URLSearchParams(location.search).get('baseUrl') ?? DEFAULT_BASE_URL

const sitemock = await startBrowserMock({ baseUrl, quiet: true })
const keyOfSite = (siteId: string): string => sitemock.credentials().sites.find((s) => s.id === siteId)!.publicApiKey

const api = createClient(baseUrl)
const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T
let site: Site | undefined
/** startingAfter of each list page seen so far: the way back for "Previous". */
let cursors: Array<string | undefined> = [undefined]
let lastCreatedId: string | undefined

async function renderSites(): Promise<void> {
  const sites: Site[] = []
  for (const workspace of sitemock.credentials().workspaces) sites.push(...(await api.listSites(workspace.appApiKey, workspace.id)).data)
  site = sites.find((s) => s.id === site?.id) ?? sites[0]
  element('sites').replaceChildren(
    ...sites.map((s) => {
      const item = listItem(s.id, `${s.name} (${s.defaultLocale})`)
      item.classList.toggle('selected', s.id === site?.id)
      item.addEventListener('click', () => {
        site = s
        cursors = [undefined]
        void run(renderAll)
      })
      return item
    }),
  )
}

async function renderPages(): Promise<void> {
  const list = element('pages')
  if (!site) return list.replaceChildren()
  element('site-name').textContent = site.name
  const batch = await api.listPages(keyOfSite(site.id), site.id, PAGE_SIZE, cursors.at(-1))
  list.replaceChildren(
    ...batch.data.map((entry) => {
      const item = listItem(entry.id, entry.title ? `${entry.pathname} · ${entry.title}` : entry.pathname)
      item.classList.toggle('created', entry.id === lastCreatedId)
      return item
    }),
  )
  element('page-number').textContent = `Page ${cursors.length}`
  element<HTMLButtonElement>('previous').disabled = cursors.length === 1
  const next = element<HTMLButtonElement>('next')
  next.disabled = !batch.hasMore
  next.dataset.after = batch.data.at(-1)?.id ?? ''
}

function listItem(id: string, text: string): HTMLLIElement {
  const item = document.createElement('li')
  item.dataset.id = id
  item.textContent = text
  return item
}

async function renderAll(): Promise<void> {
  await renderSites()
  await renderPages()
}

function show(kind: 'ok' | 'error', text: string, details: Array<{ field: string; message: string }> = []): void {
  const message = element('message')
  message.className = `message ${kind}`
  message.replaceChildren(text)
  if (details.length === 0) return
  const list = document.createElement('ul')
  list.className = 'details'
  for (const detail of details) {
    const item = document.createElement('li')
    item.dataset.field = detail.field
    item.append(Object.assign(document.createElement('code'), { textContent: detail.field }), ` ${detail.message}`)
    list.append(item)
  }
  message.append(list)
}

/** Runs a step; the page marks itself busy meanwhile, and an API error lands in the message line. */
async function run(step: () => Promise<void>): Promise<void> {
  document.body.dataset.state = 'busy'
  try {
    await step()
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error
    show('error', `${error.status} ${error.body.code}: ${error.body.message}`, error.body.details)
  } finally {
    document.body.dataset.state = 'ready'
  }
}

element('next').addEventListener('click', () => {
  cursors.push(element('next').dataset.after)
  void run(renderPages)
})
element('previous').addEventListener('click', () => {
  cursors.pop()
  void run(renderPages)
})
element('reset').addEventListener('click', () => {
  sitemock.reset()
  cursors = [undefined]
  lastCreatedId = undefined
  show('ok', 'The mock is back to its scenario.')
  void run(renderAll)
})
element<HTMLFormElement>('create').addEventListener('submit', (event) => {
  event.preventDefault()
  const form = new FormData(event.currentTarget as HTMLFormElement)
  void run(async () => {
    if (!site) return
    const body = { siteId: site.id, name: String(form.get('name')), pathname: String(form.get('pathname')) }
    const page = await api.createPage(keyOfSite(site.id), body)
    lastCreatedId = page.id
    show('ok', `Created ${page.pathname}.`)
    // Back to the first list page, where the list shows the new page in its place.
    cursors = [undefined]
    await renderPages()
  })
})

element('base-url').textContent = baseUrl
await run(renderAll)
