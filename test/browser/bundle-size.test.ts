import { build, type Metafile } from 'esbuild'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationSchemaFiles } from '../../src/api/operation-validators.js'
import { apiRoutes } from '../../src/api/operations.js'

// What a page pays for the mock, as a page's bundler builds it from the package: each page below
// is bundled by esbuild (minified, split into chunks as an app's build splits them) from the
// built package (dist/esm, through its exports), and the chunks the page loads before the mock
// answers its first request are weighed gzipped, one by one, as a server sends them: its static
// imports, and the chunks that first request imports on demand (its operation's validators).
const root = path.resolve(import.meta.dirname, '../..')

/**
 * A page's typical first request, listing the sites: the validators of its operation are chunks
 * of their own (scripts/gen-validators.mjs names each module operation-<set>-<file>), which the
 * mock imports before it answers, so they count as the start.
 */
const FIRST_REQUEST = { method: 'GET', path: '/v2/sites' }
const firstRequestModules = (): string[] => {
  const match = apiRoutes.match(FIRST_REQUEST.method, FIRST_REQUEST.path)
  if (match.kind !== 'found') throw new Error(`${FIRST_REQUEST.method} ${FIRST_REQUEST.path} is no operation`)
  return operationSchemaFiles(match.operation).map(({ file, kind }) => `operation-${kind}-${file.replace(/\.json$/, '')}`)
}

/**
 * The start of a page with the mock, at most this many times msw's own setupWorker, gzipped.
 * The aim is 1.5x; what is left past it is the mock's core itself (routing, the operations, the
 * store, the journal, the control plane's routes that code in a page calls, the default and
 * edge-cases scenarios' documents, and the control plane's, fixtures' and overrides' validators,
 * which code in the page calls synchronously: mock.faults.add, mock.overrides.add,
 * createMock({ scenario: { fixture } })), the schemas those validators' errors report, and the
 * choice records (without the documents' words), which the choices' checks read. What few pages
 * use is one chunk loaded on demand (rare-parts, below), the validators' errors leave out their
 * `schema` and `message`, their code hands each error to one helper and skips the evaluated-
 * properties bookkeeping of 2020-12 (draft-07's Ajv compiles them), the schemas they report are
 * their own copies without titles and descriptions, the journal knows which bodies may carry keys
 * from a generated list of schema files, not from the schemas, and the catalogue's words stay with
 * its readers (choice-catalogue.ts). Of the mock's own 62 kB (gzipped, beside msw's 82), some 15
 * are the validators, what runs and words them, and the schemas they report, 7 the default and
 * edge-cases documents, and the rest the core, no module of it past 2 kB: the validators alone
 * cannot bring a page to 1.5x.
 * Measured: 1.878x for the default scenario (153.4 kB) and 1.944x with startBrowserMock's own code
 * (158.8 kB), with four classes and an alternative more followed (a name in the path looked up as
 * it is, a record in the path found missing after the body, a pathname as the rest of the path,
 * route rules judged after the lookup; sites listed by name), paid for by the choice records' docs
 * sections and kinds, which stay with the catalogue's readers, and by what only a mock following
 * choices runs (a pathname read as the rest of the path, an answer shown as a deployment shows it),
 * which comes with the following of choices (rare-parts); they were 1.880x (153.6 kB) and 1.946x (159.0 kB) before them, with three classes and an alternative more followed (a siteId of no site refused as a
 * value naming nothing, or only where it was never made; a publicApiKey for live pages that reads
 * the locales too; a key's reach judged before any input); they were 1.874x (153.1 kB) and 1.940x (158.5 kB) before them, with a class and an alternative more followed (a code written with `_` looked up as
 * sent, an empty locale= looked up as a code); they were 1.872x (152.9 kB) and 1.939x (158.4 kB)
 * before them, with two classes and four more alternatives followed (a publicApiKey that reads its
 * site besides its pages, a locale query refused for its form; a read-only publicApiKey, a Site
 * key refused its locale writes alone, a cursor the key does not reach refused, route pathnames of
 * letters of any script); they were 1.867x (152.5 kB) and 1.933x (157.9 kB) before them, with four classes and five more alternatives followed (a deleted locale read by its
 * id, a page title that follows its name, a locale rename that touches its pages, an online page
 * published again; a locale code's language or region alone taken in any case, a publicApiKey for
 * the site's configuration, a Site key refused page writes alone, page pathnames kept as slugs);
 * they were 1.856x (151.6 kB) and 1.922x (157.0 kB) before them, with three classes and eight more alternatives followed (a publicApiKey that hides
 * offline pages, Site keys refused the routes, a site page list that refuses the parameters it does
 * not take; a publicApiKey for its pages alone or for its site and pages, a cursor of nothing read
 * from the start, a page read refused in a locale its site lacks as a 400 or a 404, a leading slash
 * added to every route pathname, a site page list of one order, a key refused for its kind once its
 * input is judged); they were 1.846x (150.8 kB) and 1.913x (156.3 kB) before them, with a class and
 * three more alternatives followed (a publicApiKey that reads routes
 * besides its pages; a publicApiKey that fetches single resources alone, a Site key that writes
 * pages alone, a trailing slash taken under sitemock's pathname grammar); they were 1.842x (150.5 kB) and
 * 1.909x (156.0 kB) before them, with two more alternatives of limitZero followed (a limit of 0 served as 1, or as the
 * default page); they were 1.841x (150.4 kB) and 1.908x (155.9 kB) before them, with three more classes and five more alternatives of choices followed (a route create
 * that does not know skipValidation, locale path prefixes made of their codes, offline pages without
 * a live version; a site judged before a name in it, Site keys that write no route, capitals
 * refused in page pathnames, a publicApiKey for online pages, new pages kept out of search
 * engines); they were 1.833x (149.7 kB) and 1.900x (155.2 kB) before them, with eight more classes and five more alternatives of choices followed (a deleted
 * site's key, a pathname looked up in a locale's pathnames, a copy's locale domains, a page put
 * online leaving updatedAt, where a key is refused for its kind; skipValidation skipping one kind of
 * clash, hostOrigin null as no change, a publicApiKey reading published pages); they were 1.821x
 * (148.8 kB) and 1.887x (154.2 kB) before them, with six more classes and six more alternatives of choices followed (a route's
 * empty segment, a limit above 100 served as 100, a cursor of a deleted item read from its place,
 * a cursor of another list answered apart,
 * skipValidation skipping conflicts, a page read in a locale the site lacks; a publicApiKey for
 * live pages, a siteId beside an id refused, a live locale's restore refused, a deleted locale
 * revived by a create, pathnames of letters of any script); they were 1.797x (146.8 kB) and 1.864x (152.3 kB) before them, with seven more classes and three more alternatives of choices followed (a delete sent
 * again, site names, a prefix or a pathname in any case, a locale filter's scope, a site's delete
 * that keeps what it holds, a copy's publication, cursors outside the list); they were 1.781x
 * (145.5 kB) and 1.847x (150.9 kB) before them, with eight more classes and alternatives of choices followed (a Site key's writes
 * refused first, its site list, pathnames that conflict in any case, a page published as created,
 * its live version the page as it is...); they were 1.775x (145.0 kB) and 1.841x (150.4 kB) before
 * them, with two more alternatives followed (a pathname required in every page update, a
 * publicApiKey answered 403); they were 1.771x (144.7 kB) and 1.837x (150.1 kB) with six more classes of choices followed (Site keys apart from the publicApiKey,
 * publishing as a page goes online...); they were 1.763x (144.1 kB) and 1.830x (149.5 kB) before
 * them, 1.760x (143.8 kB) and 1.825x
 * (149.1 kB) before them, and 1.80x (147.4 kB) and 1.87x (152.8 kB) before those cuts of the validators,
 * 1.86x (151.6 kB) and 1.92x (157.0 kB) before the catalogue's words left,
 * 1.92x (156.5 kB) and 1.98x (161.9 kB) before the journal's cut, 1.99x (162.3 kB) and 2.05x
 * (167.4 kB) before the others. Each limit is the measured ratio rounded up
 * at the second decimal.
 */
const LIMITS = { 'default scenario': 1.88, 'browser mock': 1.95 }

const PAGES = {
  'msw alone': `import { setupWorker } from 'msw/browser'
await setupWorker().start()`,
  'default scenario': `import { setupWorker } from 'msw/browser'
import { createMockHandlers } from 'sitemock/handlers'
const { handlers } = createMockHandlers({ scenario: 'default' })
await setupWorker(...handlers).start()`,
  'browser mock': `import { startBrowserMock } from 'sitemock/browser'
await startBrowserMock()`,
  'generated scenario': `import { setupWorker } from 'msw/browser'
import { createMockHandlers, loadFaker } from 'sitemock/handlers'
await loadFaker()
const { handlers } = createMockHandlers({ scenario: 'multi-locale' })
await setupWorker(...handlers).start()`,
}
type PageName = keyof typeof PAGES

interface Weighed {
  /** The chunks loaded before the mock answers the first request: the page's static imports and those the request imports. */
  initial: { minified: number; gzip: number; inputs: string[]; code: string }
  /** The chunks the first request imports on demand, by their module's name. */
  firstRequest: string[]
  /** Everything the page may load, its dynamic imports included. */
  all: { minified: number; gzip: number; inputs: string[] }
}

describe('what sitemock/handlers costs a page, next to msw alone', () => {
  let dir: string
  const weighed = {} as Record<PageName, Weighed>

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'dist/esm/handlers.js'))) throw new Error('dist/esm is missing: run npm run build first')
    // A project with msw and the package installed: sitemock/handlers resolves through package.json's exports.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemock-bundle-size-'))
    fs.mkdirSync(path.join(dir, 'node_modules'))
    fs.symlinkSync(root, path.join(dir, 'node_modules/sitemock'), 'dir')
    fs.symlinkSync(path.join(root, 'node_modules/msw'), path.join(dir, 'node_modules/msw'), 'dir')
    for (const [name, source] of Object.entries(PAGES) as [PageName, string][]) weighed[name] = await weigh(dir, name, source)
    const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`
    for (const [name, { initial, all }] of Object.entries(weighed)) {
      console.log(`${name}: ${kB(initial.gzip)} gzip (${kB(initial.minified)} minified) before the first answer; ${kB(all.gzip)} gzip with what it may import later`)
    }
    for (const name of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      console.log(`${name} / msw alone: ${(weighed[name].initial.gzip / weighed['msw alone'].initial.gzip).toFixed(2)}x (limit ${LIMITS[name]}x)`)
    }
  }, 60_000)

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it.each(Object.entries(LIMITS))('a page with the mock (%s) weighs at most %sx msw’s own setupWorker at its start, gzipped', (name, limit) => {
    expect(weighed[name as keyof typeof LIMITS].initial.gzip).toBeLessThanOrEqual(limit * weighed['msw alone'].initial.gzip)
  })

  it('the first request’s validators are chunks of their own, and the other operations’ are not in the start', () => {
    const { initial, firstRequest, all } = weighed['default scenario']
    // Found, so that the start above counts them: one chunk per validators module of the operation.
    expect(firstRequest.sort()).toEqual([...new Set(firstRequestModules())].sort())
    const operationModules = (inputs: string[]): string[] => [...new Set(inputs.flatMap((input) => /\/(operation-(?:body|params)-[a-z-]+?)-[A-Z0-9]+\.js$/.exec(input)?.[1] ?? []))]
    expect(operationModules(initial.inputs).sort()).toEqual([...new Set(firstRequestModules())].sort())
    expect(operationModules(all.inputs).length).toBeGreaterThan(20)
  })

  it('the dashboard’s and the API reference’s pages load when they are asked for, not at the start', () => {
    const { initial, all } = weighed['default scenario']
    const pages = (inputs: string[]): string[] => inputs.filter((input) => /\/(page|docs-page)-[A-Z0-9]+\.js$/.test(input))
    expect(pages(initial.inputs)).toEqual([])
    expect(pages(all.inputs)).toHaveLength(2)
  })

  it('faker is a chunk of its own, loaded only by a page that generates a scenario', () => {
    const faker = (inputs: string[]): string[] => inputs.filter((input) => input.includes('@faker-js/'))
    expect(faker(weighed['default scenario'].initial.inputs)).toEqual([])
    expect(faker(weighed['generated scenario'].initial.inputs)).toEqual([])
    expect(faker(weighed['generated scenario'].all.inputs).length).toBeGreaterThan(0)
  })

  it('what few pages use is one chunk, loaded on demand, not at the start', () => {
    // rare-parts: the generators (with faker), the OpenAPI document's builder, the rarely used
    // control routes (the data browser, the journal's, the summary, the state's export), the
    // following of a deployment's choices.
    const rareParts = (inputs: string[]): string[] => inputs.filter((input) => /\/rare-parts-[A-Z0-9]+\.js$/.test(input))
    for (const name of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      expect(rareParts(weighed[name].initial.inputs)).toEqual([])
      expect(rareParts(weighed[name].all.inputs)).toHaveLength(1)
    }
  })

  it('the mock brings no schema compiler: its validators are compiled ahead of time', () => {
    const { inputs, code } = weighed['default scenario'].initial
    expect(inputs.filter((input) => /node_modules\/ajv\/dist\/(core|compile|2020)/.test(input))).toEqual([])
    expect(code).not.toMatch(/new Function\(|\beval\(/)
  })
})

async function weigh(dir: string, name: string, source: string): Promise<Weighed> {
  const entry = path.join(dir, `${name.replaceAll(' ', '-')}.js`)
  fs.writeFileSync(entry, source)
  const result = await build({
    entryPoints: [entry],
    outdir: path.join(dir, 'out', name.replaceAll(' ', '-')),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const contents = new Map(result.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file.contents]))
  // Every dynamically imported module is an entry point of the metafile too: the page's is its own file.
  const entryOf = (output: string): string | undefined => outputs[output]!.entryPoint
  const start = Object.keys(outputs).find((output) => entryOf(output) !== undefined && path.resolve(entryOf(output)!) === entry)!
  const modules = firstRequestModules()
  const firstRequest = Object.keys(outputs).filter((output) => {
    const module = /\/(operation-[a-z-]+?)-[A-Z0-9]+\.js$/.exec(entryOf(output) ?? '')?.[1]
    return module !== undefined && modules.includes(module)
  })
  const reach = (from: string[], withDynamic: boolean): string[] => {
    const seen = new Set<string>()
    const visit = (output: string): void => {
      if (seen.has(output)) return
      seen.add(output)
      for (const imported of outputs[output]!.imports) if (withDynamic || imported.kind === 'import-statement') visit(imported.path)
    }
    from.forEach(visit)
    return [...seen]
  }
  const measure = (chunks: string[]) => {
    const bytes = chunks.map((chunk) => contents.get(chunk)!)
    return {
      minified: bytes.reduce((sum, b) => sum + b.length, 0),
      gzip: bytes.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0),
      inputs: chunks.flatMap((chunk) => Object.keys((outputs as Metafile['outputs'])[chunk]!.inputs)),
    }
  }
  const initialChunks = reach([start, ...firstRequest], false)
  return {
    initial: { ...measure(initialChunks), code: initialChunks.map((chunk) => Buffer.from(contents.get(chunk)!).toString('utf8')).join('\n') },
    firstRequest: firstRequest.map((output) => /\/(operation-[a-z-]+?)-[A-Z0-9]+\.js$/.exec(entryOf(output)!)![1]!),
    all: measure(reach([start], true)),
  }
}
