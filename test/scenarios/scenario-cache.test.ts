import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Entry = typeof import('../../src/index.js')

/** The package as a fresh process loads it: nothing generated or cached in memory yet. */
async function freshEntry(): Promise<Entry> {
  vi.resetModules()
  return import('../../src/index.js')
}

/** The cache on disk as the package's entry provides it, and the generator of documents to keep in it. */
async function cacheModules(): Promise<typeof import('../../src/scenarios/scenario-cache.js') & typeof import('../../src/scenarios/generate.js')> {
  await freshEntry()
  return { ...(await import('../../src/scenarios/scenario-cache.js')), ...(await import('../../src/scenarios/generate.js')) }
}

/** The exported state of a new mock of the scenario, loaded as a fresh process would. */
async function exported(scenario: 'multi-locale' | 'large', seed: number): Promise<string> {
  const { createMock, exportState } = await freshEntry()
  return JSON.stringify(exportState(createMock({ scenario, seed }).store))
}

describe('the scenario cache on disk', () => {
  let dir: string
  // The folder's secret (.secret) is not a document.
  const files = (): string[] => fs.readdirSync(dir).filter((name) => !name.startsWith('.')).sort()
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-cache-test-'))
    vi.stubEnv('SITEMOCK_CACHE_DIR', dir)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('gives a state byte-identical to a build without it, from the file a first process wrote', async () => {
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', 'off')
    const cold = await exported('multi-locale', 1)
    expect(files()).toEqual([])
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', '')
    // A file an older version left, and one of another seed: the write removes the first only.
    fs.writeFileSync(path.join(dir, 'multi-locale-1-0-0.json'), 'old')
    fs.writeFileSync(path.join(dir, 'multi-locale-10-0-0.json'), 'other')
    expect(await exported('multi-locale', 1)).toBe(cold)
    expect(files()).toContain('multi-locale-10-0-0.json')
    fs.rmSync(path.join(dir, 'multi-locale-10-0-0.json'))
    expect(files()).toHaveLength(1)
    expect(files()[0]).toMatch(/^multi-locale-1-[0-9a-f]+-\d+\.json$/)
    expect(await exported('multi-locale', 1)).toBe(cold)
  })

  it('is read by a later process: the document in the file is the state it starts from', async () => {
    await exported('multi-locale', 1)
    const file = path.join(dir, files()[0]!)
    const [header, body] = splitFirstLine(fs.readFileSync(file, 'utf8'))
    // A document of the right length under the right line, with one site renamed: a process
    // that generated instead of reading would not have the new name.
    const at = body.indexOf('"name":"') + '"name":"'.length
    const renamed = `${body.slice(0, at)}Q${body.slice(at + 1)}`
    expect(renamed).not.toBe(body)
    fs.writeFileSync(file, `${resealed(header, renamed, dir)}\n${renamed}`)
    expect(await exported('multi-locale', 1)).toContain('"name":"Q')
  })

  it('ignores a damaged or stale file and writes it again', async () => {
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', 'off')
    const cold = await exported('multi-locale', 1)
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', '')
    await exported('multi-locale', 1)
    const file = path.join(dir, files()[0]!)
    const good = fs.readFileSync(file, 'utf8')
    const [header, body] = splitFirstLine(good)
    const damaged = [
      good.slice(0, good.length / 2),
      'not a cache file',
      `${header}\n${body.replace('"name":"', '"name":"XY')}`,
      `${header.replace('"sitemock\\":\\"', '"sitemock\\":\\"9')}\n${body}`,
      `${header}\n[${body.slice(1)}`,
    ]
    expect(new Set(damaged.map((text) => text.slice(0, header.length))).size).toBeGreaterThan(2)
    for (const text of damaged) {
      expect(text).not.toBe(good)
      fs.writeFileSync(file, text)
      expect(await exported('multi-locale', 1)).toBe(cold)
      expect(fs.readFileSync(file, 'utf8')).toBe(good)
    }
  })

  it('keeps text beyond ASCII exactly: accents, CJK and characters outside the BMP', async () => {
    const { scenarioCache, generateFixture } = await cacheModules()
    const document = generateFixture({ sites: 1, pages: 3, locales: 1, routes: 1, seed: 1 })
    document.sites![0]!.name = 'Café 東京 🚀 "quoted" \\ end'
    const inputs = { scenario: 'test', seed: 1, options: '{}' }
    scenarioCache()!.write(inputs, document)
    expect(fs.readFileSync(path.join(dir, files()[0]!), 'utf8')).not.toContain('東')
    expect(scenarioCache()!.read(inputs)).toEqual(document)
  })

  it('writes a value a page repeats once, and reads back the document as it was', async () => {
    const { scenarioCache, generateFixture } = await cacheModules()
    const document = generateFixture({ sites: 2, pages: 30, locales: 2, routes: 1, seed: 4 })
    const inputs = { scenario: 'test', seed: 4, options: '{}' }
    scenarioCache()!.write(inputs, document)
    const text = fs.readFileSync(path.join(dir, files()[0]!), 'utf8')
    const unedited = document.pages!.filter((page) => page.draft.updatedAt === page.createdAt).length
    expect(unedited).toBeGreaterThan(0)
    expect(text.split('"updatedAt":""').length - 1).toBe(unedited)
    expect(text.split('"siteId":""').length - 1).toBeGreaterThan(0)
    expect(text).toContain('"title":""')
    expect(scenarioCache()!.read(inputs)).toEqual(document)
    // A document that holds an empty value itself is written as it is.
    document.pages![1]!.siteId = ''
    scenarioCache()!.write(inputs, document)
    expect(fs.readFileSync(path.join(dir, files()[0]!), 'utf8').split('"siteId":""').length - 1).toBe(1)
    expect(scenarioCache()!.read(inputs)).toEqual(document)
  })

  it('writes every page complete, its fields in the order of a record, so a reader takes the pages as records', async () => {
    const { scenarioCache, generateFixture } = await cacheModules()
    const { copyPage } = await import('../../src/scenarios/page-records.js')
    const document = generateFixture({ sites: 1, pages: 3, locales: 2, routes: 1, seed: 5 })
    const page = document.pages![1]!
    delete page.draft.canonicalUrl
    delete page.draft.isOnline
    delete page.live
    const inputs = { scenario: 'test', seed: 5, options: '{}' }
    scenarioCache()!.write(inputs, document)
    const read = scenarioCache()!.read(inputs)!.pages![1]!
    expect(read).toEqual(copyPage(page))
    expect(read.draft.canonicalUrl).toBeNull()
    expect(read.live).toBeNull()
    expect(Object.keys(read.draft)).toEqual(Object.keys(copyPage(page).draft))
  })

  it('writes a live version equal to its draft once, and reads back two versions that change apart', async () => {
    const { scenarioCache, generateFixture } = await cacheModules()
    const document = generateFixture({ sites: 1, pages: 40, locales: 2, routes: 1, seed: 3 })
    const pages = document.pages!
    const same = pages.filter((page) => page.live && JSON.stringify(page.live) === JSON.stringify(page.draft))
    const edited = pages.filter((page) => page.live && JSON.stringify(page.live) !== JSON.stringify(page.draft))
    expect(same.length).toBeGreaterThan(0)
    expect(edited.length).toBeGreaterThan(0)
    const inputs = { scenario: 'test', seed: 3, options: '{}' }
    scenarioCache()!.write(inputs, document)
    const text = fs.readFileSync(path.join(dir, files()[0]!), 'utf8')
    expect(text.split('"live":true').length - 1).toBe(same.length)
    const read = scenarioCache()!.read(inputs)!
    expect(read).toEqual(document)
    const page = read.pages!.find((p) => p.id === same[0]!.id)!
    page.draft.name = 'Renamed draft'
    page.draft.localizations![0]!.pathname = '/renamed'
    expect(page.live!.name).toBe(same[0]!.live!.name)
    expect(page.live!.localizations![0]!.pathname).toBe(same[0]!.live!.localizations![0]!.pathname)
  })

  it('never gives one seed the document of another', async () => {
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', 'off')
    const second = await exported('multi-locale', 2)
    vi.stubEnv('SITEMOCK_SCENARIO_CACHE', '')
    const first = await exported('multi-locale', 1)
    expect(await exported('multi-locale', 2)).toBe(second)
    expect(second).not.toBe(first)
    expect(files()).toHaveLength(2)
    expect(await exported('multi-locale', 1)).toBe(first)
  })
})

/** The first line for an edited document, as a process of this user (which holds the folder's secret) would write it. */
function resealed(header: string, body: string, dir: string): string {
  const { key } = JSON.parse(header) as { key: string }
  const hmac = createHmac('sha256', fs.readFileSync(path.join(dir, '.secret'))).update(key).update('\n').update(body, 'latin1').digest('hex')
  return JSON.stringify({ key, length: body.length, hmac })
}

function splitFirstLine(text: string): [string, string] {
  const newline = text.indexOf('\n')
  return [text.slice(0, newline), text.slice(newline + 1)]
}
