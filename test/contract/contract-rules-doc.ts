import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rewriteBlocks } from '../support/doc-blocks.js'
import { CASE_SOURCES } from '../../src/contract/case-sources.js'
import { sourcesOfClass } from '../../src/contract/class-sources.js'
import { RULE_SOURCES } from '../../src/contract/rule-sources.js'
import { RULES, type RuleId } from '../../src/contract/rules.js'
import { STATEMENTS, type Source } from '../../src/contract/sources.js'
import { PARAMETERS } from '../../src/contract/stateful/coverage.js'

/**
 * The parts of docs/contract-rules.md made from the sources (src/contract/sources.ts and its
 * tables): each rule's sources, the sources of the validation cases and of the stateful input
 * classes, the readings the documents allow, where they disagree, and the specification's
 * statements. `npm run gen:contract-rules` writes them between their markers; a test fails when
 * the committed file is stale.
 */

export const DOC = 'docs/contract-rules.md'

const code = (text: string): string => `\`${text}\``
const cell = (text: string): string => text.replaceAll('|', '\\|')

/** A source as a link a reader can follow in the package. */
function sourceMarkdown(source: Source): string {
  switch (source.kind) {
    case 'specification': {
      const statement = STATEMENTS.get(source.statement)!
      return `specification, ${statement.section} › ${statement.row} ([${source.statement}](#${source.statement.replaceAll('.', '')}))`
    }
    case 'openapi':
      return `${source.contradicts ? 'published OpenAPI, **disagreeing**' : 'published OpenAPI'} ${code(source.pointer)}${Object.keys(source.claim).length ? ` states ${code(JSON.stringify(source.claim))}` : ''}`
    case 'sitemock':
      return `sitemock's choice${source.choice ? ` ${code(source.choice)}` : ''} ([api-behaviour.md#${source.section}](api-behaviour.md#${source.section})): ${source.says}`
  }
}

const sourcesList = (sources: readonly Source[]): string => sources.map(sourceMarkdown).join('; ')

/** The block under each rule's heading. */
export function ruleBlock(rule: RuleId): string {
  return ['Sources:', '', ...RULE_SOURCES[rule].map((source) => `- ${sourceMarkdown(source)}`)].join('\n')
}

function casesBlock(): string {
  const rows = Object.entries(CASE_SOURCES).map(([id, sources]) => `| ${code(id)} | ${cell(sourcesList(sources))} |`)
  return ['| validation case | source |', '|---|---|', ...rows].join('\n')
}

function classesBlock(): string {
  // One row per parameter and class, with the operations that share the same sources.
  const rows = new Map<string, { ops: string[]; sources: string }>()
  for (const [op, parameters] of Object.entries(PARAMETERS)) {
    for (const parameter of parameters) {
      for (const valueClass of parameter.classes) {
        const sources = sourcesList(sourcesOfClass(op, parameter.name, valueClass))
        const key = `${parameter.name} · ${valueClass} · ${sources}`
        const row = rows.get(key) ?? { ops: [], sources }
        row.ops.push(op)
        rows.set(key, row)
      }
    }
  }
  const lines = [...rows.entries()].map(([key, row]) => `| ${cell(key.split(' · ').slice(0, 2).join(' · '))} | ${row.ops.join(', ')} | ${cell(row.sources)} |`)
  return ['| parameter · class | operations | source |', '|---|---|---|', ...lines].join('\n')
}

function everySource(): Source[] {
  const classSources = Object.entries(PARAMETERS).flatMap(([op, parameters]) => parameters.flatMap((parameter) => parameter.classes.flatMap((valueClass) => sourcesOfClass(op, parameter.name, valueClass))))
  return [...Object.values(RULE_SOURCES).flat(), ...Object.values(CASE_SOURCES).flat(), ...classSources]
}

function readingsBlock(): string {
  const readings = new Map<string, string>()
  for (const source of everySource()) if (source.kind === 'sitemock' && source.readings) readings.set(`${source.says}|${source.readings}`, `- ${source.choice ? `${code(source.choice)}: ` : ''}sitemock: ${source.says}. Either reading is allowed: ${source.readings}.`)
  return [...readings.values()].join('\n')
}

function disagreementsBlock(): string {
  const lines = new Set<string>()
  for (const source of everySource()) if (source.kind === 'openapi' && source.contradicts) lines.add(`- ${code(source.pointer)} states ${code(JSON.stringify(source.claim))}: the specification says otherwise, and wins (a failure there says "the documents disagree").`)
  return [...lines].join('\n')
}

function statementsBlock(): string {
  return [...STATEMENTS.values()].map((statement) => `#### ${code(statement.id)}\n\n${statement.section} › ${statement.row}: ${statement.says}`).join('\n\n')
}

/** Each generated block by its marker name. */
export function generatedBlocks(): Map<string, string> {
  const blocks = new Map<string, string>(Object.keys(RULES).map((rule) => [`rule ${rule}`, ruleBlock(rule as RuleId)]))
  blocks.set('validation cases', casesBlock())
  blocks.set('input classes', classesBlock())
  blocks.set('readings', readingsBlock())
  blocks.set('disagreements', disagreementsBlock())
  blocks.set('statements', statementsBlock())
  return blocks
}

const BEGIN = /^<!-- sources: (.+) -->$/
const END = '<!-- end of sources -->'

/** The document with every generated block rewritten between its markers; the blocks it has no markers for are listed. */
export function rewritten(text: string): { text: string; missing: string[] } {
  return rewriteBlocks(text, generatedBlocks(), BEGIN, END)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { text, missing } = rewritten(fs.readFileSync(DOC, 'utf8'))
  fs.writeFileSync(DOC, text)
  if (missing.length) {
    process.stderr.write(`${DOC} has no place for: ${missing.join(', ')} (add <!-- sources: NAME -->\\n<!-- end of sources --> where each goes)\n`)
    process.exitCode = 1
  }
}
