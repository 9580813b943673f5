import type { Fixture } from '../generated/types.js'

/**
 * A fixture as text: the top-level fields on their own lines and one record per line, so a
 * committed fixture reads and diffs record by record while a large one stays compact. The
 * same document always gives the same bytes.
 */
export function formatFixture(fixture: Fixture): string {
  return [...fixtureText(fixture)].join('')
}

/** formatFixture's text piece by piece: a million pages are more text than one string may hold. */
export function* fixtureText(fixture: Fixture): Generator<string> {
  const fields = Object.entries(fixture).filter(([, value]) => value !== undefined)
  yield '{\n'
  for (const [i, [key, value]] of fields.entries()) {
    const comma = i < fields.length - 1 ? ',' : ''
    const name = JSON.stringify(key)
    if (!Array.isArray(value) || value.length === 0) {
      yield `  ${name}: ${JSON.stringify(value)}${comma}\n`
      continue
    }
    yield `  ${name}: [\n`
    for (const [k, record] of value.entries()) yield `    ${JSON.stringify(record)}${k < value.length - 1 ? ',' : ''}\n`
    yield `  ]${comma}\n`
  }
  yield '}\n'
}
