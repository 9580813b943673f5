import fs from 'node:fs'
import path from 'node:path'
import { builtinModules } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import { REPO, run, scratchProject } from './support.js'

/**
 * The API's types (Page, Site, Locale, Route, their lists, the error envelope, request bodies)
 * as a project that installed the packed package uses them: from the main entry in Node and from
 * the browser-safe entries in a page, type-checked by TypeScript 5.9 and TypeScript 7 (npm's
 * `typescript@7`, the native compiler), strict, skipLibCheck off, a page with `types: []`.
 */

const FILES = path.join(REPO, 'test/package/projects/types')
/** Two compilers side by side: TypeScript 7 under an alias, each run from its own bin. */
const COMPILERS = { 'TypeScript 5.9.3': 'node_modules/typescript/bin/tsc', 'TypeScript 7.0.2': 'node_modules/typescript7/bin/tsc' }
const DEPENDENCIES = ['typescript@5.9.3', 'typescript7@npm:typescript@7.0.2', 'msw@3.0.5', '@types/node@24.19.2']
const RESOLUTIONS = ['bundler', 'nodenext'] as const

const base = (resolution: (typeof RESOLUTIONS)[number]) => ({
  target: 'es2022',
  module: resolution === 'bundler' ? 'esnext' : 'nodenext',
  moduleResolution: resolution,
  strict: true,
  skipLibCheck: false,
  noEmit: true,
})

/** The declaration files a browser entry's types reach, and every bare module they name. */
function declarationGraph(entry: string): { files: string[]; modules: Set<string> } {
  const files: string[] = []
  const modules = new Set<string>()
  const visit = (file: string): void => {
    if (files.includes(file)) return
    files.push(file)
    const text = fs.readFileSync(file, 'utf8')
    for (const match of text.matchAll(/(?:from\s+|import\(\s*|reference types=)['"]([^'"]+)['"]/g)) {
      const specifier = match[1]!
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.d.ts')))
      else modules.add(specifier)
    }
  }
  visit(entry)
  return { files, modules }
}

describe('the API types, installed and type-checked', { timeout: 240_000 }, () => {
  let project = ''
  beforeAll(async () => {
    project = await scratchProject('types', { dependencies: DEPENDENCIES, node: 24, files: FILES })
  }, 900_000)

  describe.each(Object.entries(COMPILERS))('with %s', (_name, tsc) => {
    it.each(RESOLUTIONS)('a page (DOM lib, types: []) and a Node project type-check under %s resolution', async (resolution) => {
      const configs = {
        [`page.${resolution}`]: { compilerOptions: { ...base(resolution), lib: ['es2023', 'dom', 'dom.iterable'], types: [] }, files: ['page-types.ts'] },
        [`node.${resolution}`]: { compilerOptions: { ...base(resolution), lib: ['es2023'], types: ['node'] }, files: ['node-types.ts'] },
      }
      for (const [config, content] of Object.entries(configs)) {
        fs.writeFileSync(path.join(project, `tsconfig.${config}.json`), JSON.stringify(content))
        const result = await run('node', [tsc, '-p', `tsconfig.${config}.json`], project, { node: 24 })
        expect(result.output, config).toBe('')
        expect(result.code, config).toBe(0)
      }
    })

    it('refuses a request body with a field its schema does not have', async () => {
      fs.writeFileSync(path.join(project, 'tsconfig.wrong.json'), JSON.stringify({ compilerOptions: { ...base('bundler'), lib: ['es2023', 'dom'], types: [] }, files: ['wrong-types.ts'] }))
      const result = await run('node', [tsc, '-p', 'tsconfig.wrong.json'], project, { node: 24 })
      expect(result.code).not.toBe(0)
      expect(result.output).toMatch(/TS2353.*colour/)
    })
  })

  it('names no Node module in the declarations of sitemock/browser and sitemock/handlers', () => {
    const node = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`), '@types/node', 'node'])
    for (const entry of ['transports/browser.d.ts', 'transports/handlers.d.ts']) {
      const graph = declarationGraph(path.join(project, 'node_modules/sitemock/dist/src', entry))
      expect(graph.files.length, entry).toBeGreaterThan(5)
      expect([...graph.modules].filter((name) => node.has(name)), entry).toEqual([])
      // Node's globals, which `types: []` leaves out, are not named either.
      const globals = graph.files.filter((file) => /\bNodeJS\.|\bBuffer\b/.test(fs.readFileSync(file, 'utf8')))
      expect(globals, entry).toEqual([])
    }
  })
})
