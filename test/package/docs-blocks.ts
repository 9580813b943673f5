import fs from 'node:fs'
import path from 'node:path'
import { REPO } from './support.js'

/**
 * The fenced code blocks of README.md and docs/*.md, each with what the comment on the line
 * before it says of it. A block is run by the test suite unless that comment says otherwise:
 *
 * - `<!-- test/package/projects/... -->`: one file of a project that a package test runs, whole;
 *   the package test lays the blocks of the packed package's own docs into its project
 *   (packed-recipe.ts), and every file of the project must be shown so.
 * - `<!-- not run: REASON -->`: shown, never run (a command's output, a synopsis, a deployment).
 * - `<!-- type-checked, not run: REASON -->`: TypeScript that is compiled but not run (a page's code).
 * - `<!-- run until it listens -->`: a shell block that starts a server in the foreground; it
 *   passes once the server says where it listens, and is stopped then.
 * - `<!-- file: NAME -->`: TypeScript or JSON saved under that name in the project, where other
 *   blocks of the same document use it.
 */

export type Marker =
  | { kind: 'none' }
  | { kind: 'recipe'; path: string }
  | { kind: 'not run'; reason: string }
  | { kind: 'type-checked'; reason: string }
  | { kind: 'until listening' }
  | { kind: 'file'; name: string }

export type Handling = 'recipe' | 'marked' | 'json' | 'typescript' | 'shell' | 'unhandled'

export interface Block {
  /** The document's path in the repository. */
  doc: string
  /** The line of the opening fence, from 1. */
  line: number
  /** The line of the closing fence. */
  end: number
  lang: string
  code: string
  marker: Marker
  /** Where the block is known by in failures: `docs/journal.md:62`. */
  id: string
}

export const DOCUMENTS = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)]
const TYPESCRIPT = new Set(['ts', 'tsx', 'typescript', 'js'])
const SHELL = new Set(['sh', 'bash', 'console', 'shell'])

/** What a marker comment says; an HTML comment that is none of the forms above is an error. */
function readMarker(comment: string | undefined, id: string): Marker {
  const text = comment?.match(/^<!-- (.+) -->$/)?.[1]
  if (text === undefined) return { kind: 'none' }
  const [, word, rest] = text.match(/^([\w ,-]+): (.+)$/) ?? []
  if (word === 'not run' && rest !== undefined) return { kind: 'not run', reason: rest }
  if (word === 'type-checked, not run' && rest !== undefined) return { kind: 'type-checked', reason: rest }
  if (word === 'file' && rest !== undefined) return { kind: 'file', name: rest }
  if (text === 'run until it listens') return { kind: 'until listening' }
  if (/^[\w./-]+$/.test(text) && text.includes('/')) return { kind: 'recipe', path: text }
  throw new Error(`${id}: the comment before the block, "${comment}", is not a marker this test knows`)
}

const linesOf = (doc: string, root = REPO): string[] => fs.readFileSync(path.join(root, doc), 'utf8').split('\n')

function blocksOf(doc: string, root = REPO): Block[] {
  const lines = linesOf(doc, root)
  const blocks: Block[] = []
  for (let index = 0; index < lines.length; index++) {
    const open = lines[index]!.match(/^```(\S*)$/)
    if (open === null) continue
    const start = index
    const end = lines.findIndex((line, at) => at > start && line === '```')
    if (end === -1) throw new Error(`${doc}:${start + 1}: a code block that is never closed`)
    let before = start - 1
    while (before >= 0 && lines[before]!.trim() === '') before--
    const id = `${doc}:${start + 1}`
    blocks.push({ doc, line: start + 1, end: end + 1, lang: open[1]!, code: `${lines.slice(start + 1, end).join('\n')}\n`, marker: readMarker(lines[before]?.trim(), id), id })
    index = end
  }
  return blocks
}

export const BLOCKS: Block[] = DOCUMENTS.flatMap((doc) => blocksOf(doc))

/**
 * A recipe project as the documents under `root` show it (README.md and docs/*.md, e.g. those of
 * an installed package): each block marked `test/package/projects/NAME/FILE` is that FILE.
 */
export function recipeFiles(root: string, name: string): Record<string, string> {
  const prefix = `test/package/projects/${name}/`
  const docs = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)]
  const files: Record<string, string> = {}
  for (const block of docs.flatMap((doc) => blocksOf(doc, root))) {
    if (block.marker.kind === 'recipe' && block.marker.path.startsWith(prefix)) files[block.marker.path.slice(prefix.length)] = block.code
  }
  if (Object.keys(files).length === 0) throw new Error(`no file of the recipe ${name} in ${root}'s documents`)
  return files
}

/** The lines of a document outside its code blocks, where its headings and links are; `line` from 1. */
export function proseOf(doc: string): Array<{ line: number; text: string }> {
  const blocks = BLOCKS.filter((block) => block.doc === doc)
  return linesOf(doc)
    .map((text, index) => ({ line: index + 1, text }))
    .filter(({ line }) => !blocks.some((block) => line >= block.line && line <= block.end))
}

/** How the test suite treats a block; `unhandled` fails the test. */
export function handling(block: Block): Handling {
  const { kind } = block.marker
  if (kind === 'recipe') return 'recipe'
  if (kind === 'not run') return 'marked'
  if (TYPESCRIPT.has(block.lang) && (kind === 'none' || kind === 'type-checked' || kind === 'file')) return 'typescript'
  if (SHELL.has(block.lang) && (kind === 'none' || kind === 'until listening')) return 'shell'
  if (block.lang === 'json' && (kind === 'none' || kind === 'file')) return 'json'
  return 'unhandled'
}

/** Where a TypeScript block is saved in the scratch project: its `file:` name, else a name from its place. */
export function fileOf(block: Block): string {
  if (block.marker.kind === 'file') return block.marker.name
  const name = `${block.doc.replace(/\.md$/, '').replace(/\W+/g, '-')}-${block.line}`
  return `blocks/${name}${/from 'vitest'/.test(block.code) ? '.test' : ''}.ts`
}
