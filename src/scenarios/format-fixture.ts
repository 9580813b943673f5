import type { Fixture } from '../contracts/types.js'

/**
 * A fixture as text: the top-level fields on their own lines and one record per line, so a
 * committed fixture reads and diffs record by record while a large one stays compact. The
 * same document always gives the same bytes.
 */
export function formatFixture(fixture: Fixture): string {
  const fields = Object.entries(fixture).filter(([, value]) => value !== undefined)
  const lines = fields.map(([key, value], i) => {
    const comma = i < fields.length - 1 ? ',' : ''
    const name = JSON.stringify(key)
    if (!Array.isArray(value) || value.length === 0) return `  ${name}: ${JSON.stringify(value)}${comma}`
    const records = value.map((record: unknown) => `    ${JSON.stringify(record)}`).join(',\n')
    return `  ${name}: [\n${records}\n  ]${comma}`
  })
  return `{\n${lines.join('\n')}\n}\n`
}
