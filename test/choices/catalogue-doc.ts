import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rewriteBlocks } from '../support/doc-blocks.js'
import { choiceCatalogue } from '../../src/freedom/catalogue-words.js'
import { NOT_FOLLOWED, type Choice } from '../../src/freedom/catalogue.js'

/**
 * The catalogue's two tables in docs/choices.md, made from contracts/schemas/choices.json, so that
 * a class of freedom is written once, in the catalogue: its row of kinds, alternatives and values,
 * and its row of the documents' words that leave it free. `npm run gen:types` writes them between
 * their markers; catalogue-doc.test.ts fails when the committed page is stale.
 */

export const DOC = 'docs/choices.md'

const code = (text: string | number): string => `\`${text}\``
const cell = (text: string): string => text.replaceAll('|', '\\|')
const shown = (value: string | number | null | undefined): string => (value === undefined ? '' : value === null ? 'none' : code(value))
const alternativesOf = (choice: Choice): string => (Array.isArray(choice.alternatives) ? choice.alternatives.map((alternative) => code(String(alternative))).join(', ') : 'a number, or none')

/** Each generated block by its marker name. */
export function catalogueBlocks(): Map<string, string> {
  const classes = [
    "| choice | kind | alternatives | sitemock | documents' rules | the mock follows and `--write-choices` records |",
    '|---|---|---|---|---|---|',
    ...choiceCatalogue.map((c) => `| ${code(c.id)} | ${c.kind} | ${alternativesOf(c)} | ${shown(c.sitemock)} | ${shown(c.documents)} | ${NOT_FOLLOWED.has(c.id) ? 'no' : 'yes'} |`),
  ]
  const words = ['| choice | the words that leave it free (document › section: words) |', '|---|---|', ...choiceCatalogue.map((c) => `| ${code(c.id)} | ${cell(c.words)} |`)]
  return new Map([
    ['classes', classes.join('\n')],
    ['words', words.join('\n')],
  ])
}

const BEGIN = /^<!-- catalogue: (.+) -->$/
const END = '<!-- end of catalogue -->'

/** The page with each block rewritten between its markers; the blocks it has no markers for are listed. */
export function rewritten(text: string): { text: string; missing: string[] } {
  return rewriteBlocks(text, catalogueBlocks(), BEGIN, END)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { text, missing } = rewritten(fs.readFileSync(DOC, 'utf8'))
  fs.writeFileSync(DOC, text)
  if (missing.length) {
    process.stderr.write(`${DOC} has no place for: ${missing.join(', ')} (add <!-- catalogue: NAME -->\\n<!-- end of catalogue --> where each goes)\n`)
    process.exitCode = 1
  }
}
