import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { toDetails } from '../../src/api/validate.js'
import { validators } from '../../src/generated/validators/body.js'

// The validators a page loads carry no messages (scripts/gen-validators.mjs, lean sets): a 400
// words the keywords it has no words of its own for as Ajv would, from the keyword and its params.

describe('the 400s of validators without messages', () => {
  it('word what Ajv words, keyword by keyword', () => {
    const ajv = new Ajv2020({ allErrors: true, verbose: true })
    ajv.addFormat('date-time', () => false)
    const cases: [schema: object, value: unknown][] = [
      [{ type: 'string', pattern: '^a+$' }, 'b'],
      [{ type: 'string', format: 'date-time' }, 'yesterday'],
      [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, 1],
      [{ if: { required: ['a'] }, then: { required: ['b'] } }, { a: 1 }],
      [{ propertyNames: { maxLength: 1 } }, { long: 1 }],
      [{ minItems: 2 }, [1]],
      [{ maxItems: 1 }, [1, 2]],
      [{ minProperties: 2 }, { a: 1 }],
      [{ maxProperties: 1 }, { a: 1, b: 2 }],
    ]
    for (const [schema, value] of cases) {
      const validate = ajv.compile(schema)
      expect(validate(value), JSON.stringify(schema)).toBe(false)
      const errors = validate.errors ?? []
      const withoutMessages: ErrorObject[] = errors.map(({ message: _message, ...error }) => error)
      expect(toDetails(withoutMessages), JSON.stringify(schema)).toEqual(toDetails(errors))
    }
  })

  it('word the committed validators’ errors as before (a response body off its schema)', () => {
    const body = validators as unknown as Readonly<Record<string, ValidateFunction>>
    const details = (file: string, value: unknown) => {
      body[file]!(value)
      return toDetails(body[file]!.errors ?? [])
    }
    expect(details('page.json', { publishedAt: 'yesterday' })).toContainEqual({ field: 'publishedAt', message: 'is invalid; must be valid (must match format "date-time"); got "yesterday"' })
    expect(details('error.json', { object: 'error', code: 'bad_request', message: 'x' })).toContainEqual({ field: '(body)', message: 'is invalid; must be valid (must match "then" schema); got an object' })
  })
})
