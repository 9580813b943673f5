import type { ErrorObject } from 'ajv/dist/2020.js'
import { fieldChoicesOf, followChoices } from '../../api/follow-choices.js'
import { toDetails } from '../../api/validate.js'
import type { Choices } from '../../freedom/catalogue.js'
import { requestCheck } from '../request-check.js'
import { atPointer, schemaFile, splitRef, wordsOf } from '../../openapi/schema-components.js'
import { operationAt } from '../endpoints.js'
import { gatherRules, type FieldRules } from '../field-rules.js'
import { ENDPOINTS, KEY_ROLES, OPERATIONS, type KeyRole, type Operation } from './commands.js'
import { NAME_FIELD } from './pools.js'

type Json = Record<string, unknown>

/** Where a parameter travels: the API key is a header every operation reads. */
export type Where = 'path' | 'query' | 'body' | 'header'

/** What a parameter accepts (see FieldRules), with what the stateful group reads besides. */
export interface Rules extends FieldRules {
  /** A page cursor: the id of the last item of the previous page. */
  cursor: boolean
  /** What the schema says it accepts, in words. */
  accepts: string
}

export interface Parameter {
  name: string
  /** The schema that describes it: a file of contracts/schemas and the pointer inside it. */
  file: string
  pointer: string
  where: Where
  required: boolean
  rules: Rules
  classes: readonly string[]
}

/** The value classes of the key, named by the key's relation to the site the command works in. */
export const KEY_CLASSES: Record<KeyRole, string> = {
  app: 'App key',
  own: 'own site key',
  foreign: 'foreign site key',
  tenant: "other workspace's key",
  none: 'no key',
}

/** Where the ref chain of a cursor passes: the only uuid that names an item of the very list it pages. */
const CURSOR_DEF = { file: 'pagination.json', pointer: '/$defs/startingAfter' }

function rulesOf(node: unknown, file: string): Rules {
  let cursor = false
  let accepts = ''
  const rules = gatherRules(node, file, {
    resolve(ref, base) {
      const target = splitRef(ref, base)
      if (target.file === CURSOR_DEF.file && target.pointer === CURSOR_DEF.pointer) cursor = true
      return { schema: atPointer(schemaFile(target.file), target.pointer), base: target.file }
    },
    visit(schema, base) {
      accepts ||= wordsOf(schema, base).accepts ?? ''
    },
  })
  return { ...rules, cursor, accepts }
}

const isNumeric = (rules: Rules): boolean => rules.types.has('integer') || rules.types.has('number')
const isUuid = (rules: Rules): boolean => rules.format === 'uuid' && !rules.union

/**
 * The value classes of a parameter, by what its schema accepts. References that an operation
 * of the run can delete (a site) have a deleted class; a workspace cannot be deleted.
 */
function classesOf(name: string, where: Where, rules: Rules, deletable: ReadonlySet<string>): string[] {
  const absent = where === 'path' ? [] : ['absent']
  const nullable = rules.types.has('null') ? ['null'] : []
  if (rules.forbidden) return ['absent', 'present']
  if (rules.cursor) return [...absent, 'from this list', "from another site's list", "from another family's list", 'deleted item', 'of another site', 'unknown', 'malformed']
  if (isUuid(rules)) return [...absent, 'existing', ...(deletable.has(name) ? ['deleted'] : []), 'unknown', 'malformed']
  if (where === 'path') return ['by id', 'by name', 'by name in another site', "another family's id", 'deleted', 'unknown', ...(rules.union ? ['invalid'] : [])]
  if (rules.enum) return [...absent, ...rules.enum.map((value) => (value === null ? 'null' : String(value))), 'invalid']
  if (rules.types.has('boolean')) return [...absent, 'true', 'false', ...nullable, 'wrong type']
  if (isNumeric(rules)) return [...absent, 'minimum', 'between', 'maximum', 'below minimum', 'above maximum', ...nullable, 'wrong type']
  if (rules.format === 'uri') return [...absent, 'valid', 'invalid', ...(rules.maxLength !== undefined ? ['too long'] : []), ...nullable]
  // Route pathnames have format rules of their own beyond the schema (skipValidation skips them).
  const refusable = rules.pattern !== undefined || rules.union || /rules/.test(rules.accepts)
  return [...absent, 'valid', 'empty', ...(rules.maxLength !== undefined ? ['too long'] : []), 'mixed case', 'unicode', ...(refusable ? ['invalid'] : []), ...nullable]
}

const propertiesOf = (file: string): Json => (schemaFile(file).properties as Json | undefined) ?? {}
const requiredOf = (file: string): Set<string> => new Set((schemaFile(file).required as string[] | undefined) ?? [])

/** The route-table operations a command is sent to (a page list has two paths). */
function registered(op: Operation) {
  return ENDPOINTS[op].map(({ method, template }) => {
    const operation = operationAt(method, template)
    if (!operation) throw new Error(`${op}: no operation ${method} ${template} in the route table`)
    return operation
  })
}

/** The parameters a DELETE names by a plain id: references to them can name something deleted. */
const DELETABLE = new Set(
  OPERATIONS.flatMap(registered)
    .filter((operation) => operation.method === 'DELETE' && operation.params)
    .flatMap((operation) => Object.entries(propertiesOf(operation.params!)).filter(([, property]) => isUuid(rulesOf(property, operation.params!))).map(([name]) => name)),
)

/** Every parameter an operation documents (path, query, body) and its key, each with its value classes. */
function parametersOf(op: Operation): Parameter[] {
  const found = new Map<string, Parameter>()
  const add = (name: string, where: Where, file: string, required: boolean, rules: Rules): void => {
    const classes = classesOf(name, where, rules, DELETABLE)
    const known = found.get(name)
    if (known) found.set(name, { ...known, classes: [...new Set([...known.classes, ...classes])] })
    else found.set(name, { name, file, pointer: `/properties/${name}`, where, required, rules, classes })
  }
  for (const operation of registered(op)) {
    for (const [where, file] of [['path', operation.params], ['query', operation.query], ['body', operation.body]] as const) {
      if (!file) continue
      const required = requiredOf(file)
      for (const [name, property] of Object.entries(propertiesOf(file))) add(name, where, file, required.has(name), rulesOf(property, file))
    }
  }
  // A name a resource is known by can be taken by another one, or freed by a rename or delete and used again.
  const naming = (NAME_FIELD as Partial<Record<string, string>>)[op.split('.')[0]!]
  const field = naming === undefined || !(op.endsWith('.create') || op.endsWith('.update')) ? undefined : found.get(naming)
  if (field && field.where === 'body') found.set(field.name, { ...field, classes: [...field.classes, 'taken', 'freed'] })
  // A site-wide list has no list of another site to take a cursor from.
  const cursor = [...found.values()].find((parameter) => parameter.rules.cursor)
  if (cursor && !found.has('siteId')) found.set(cursor.name, { ...cursor, classes: cursor.classes.filter((valueClass) => valueClass !== "from another site's list" && valueClass !== 'of another site') })
  found.set('key', { name: 'key', file: 'empty-query.json', pointer: '', where: 'header', required: false, rules: rulesOf({}, 'common.json'), classes: KEY_ROLES.map((role) => KEY_CLASSES[role]) })
  return [...found.values()]
}

/** Each operation's parameters, derived once from contracts/schemas through the route table. */
export const PARAMETERS: Readonly<Record<Operation, readonly Parameter[]>> = Object.fromEntries(OPERATIONS.map((op) => [op, parametersOf(op)])) as Record<Operation, Parameter[]>

export function parameterOf(op: Operation, name: string): Parameter {
  const parameter = PARAMETERS[op].find((candidate) => candidate.name === name)
  if (!parameter) throw new Error(`${op} documents no parameter ${name}`)
  return parameter
}

/** The values an enum parameter accepts, as its schema lists them. */
export function enumOf(op: Operation, name: string): unknown[] {
  return parameterOf(op, name).rules.enum ?? []
}

export const cellOf = (op: Operation, parameter: string, valueClass: string): string => `${op} · ${parameter} · ${valueClass}`

/** Every cell: operation × documented parameter × value class. */
export const UNIVERSE: readonly string[] = OPERATIONS.flatMap((op) => PARAMETERS[op].flatMap((parameter) => parameter.classes.map((valueClass) => cellOf(op, parameter.name, valueClass))))

/**
 * The classes a value of a parameter falls in, by the parameter's schema: a value may fall in
 * several (a mixed-case pathname that is also taken). Ids are classed by the planner, which
 * knows what they name; here only their absence and malformed ones.
 */
export function classify(parameter: Parameter, value: unknown, refused: boolean): string[] {
  const { rules } = parameter
  if (value === undefined) return ['absent']
  if (rules.forbidden) return ['present']
  if (value === null) return ['null']
  if (rules.cursor || isUuid(rules)) return fits(parameter, value) ? [] : ['malformed']
  // What a path parameter names depends on the state: the planner classes it.
  if (parameter.where === 'path') return []
  if (rules.enum) return rules.enum.includes(value) ? [String(value)] : ['invalid']
  if (rules.types.has('boolean')) return typeof value === 'boolean' ? [String(value)] : ['wrong type']
  if (isNumeric(rules)) {
    if (typeof value !== 'number') return ['wrong type']
    if (rules.minimum !== undefined && value < rules.minimum) return ['below minimum']
    if (rules.maximum !== undefined && value > rules.maximum) return ['above maximum']
    return [value === rules.minimum ? 'minimum' : value === rules.maximum ? 'maximum' : 'between']
  }
  if (typeof value !== 'string') return ['invalid']
  const tooLong = rules.maxLength !== undefined && value.length > rules.maxLength
  const valid = fits(parameter, value)
  if (rules.format === 'uri') return [tooLong ? 'too long' : valid ? 'valid' : 'invalid']
  const classes: string[] = []
  if (value === '') classes.push('empty')
  if (tooLong) classes.push('too long')
  if (/[^\u0000-\u007f]/.test(value)) classes.push('unicode')
  if (/[A-Z]/.test(value)) classes.push('mixed case')
  classes.push(valid && !refused ? 'valid' : 'invalid')
  return classes.filter((valueClass) => parameter.classes.includes(valueClass))
}

/** Whether the parameter's own schema accepts the value (as sent: the planner gives query values their types). */
function fits(parameter: Parameter, value: unknown): boolean {
  return requestCheck(parameter.file, parameter.pointer)(structuredClone(value))
}

/**
 * The fields of a request that its operation's schemas refuse, named as a 400 names them; with
 * `choices`, only those the deployment's choices refuse too (as the mock following them judges).
 */
export function refusedFields(op: Operation, template: string, parts: { params?: Json; query?: Json; body?: unknown }, choices?: Required<Choices>): string[] {
  const operation = registered(op).find((candidate) => candidate.path === template)
  if (!operation) return []
  const fields = new Set<string>()
  const judge = (file: string | undefined, value: unknown): void => {
    if (!file) return
    const check = requestCheck(file, '')
    // The check may rewrite ids to lower case: it judges a copy.
    if (check(structuredClone(value ?? {}))) return
    const errors = (check.errors ?? []) as ErrorObject[]
    for (const detail of toDetails(choices === undefined ? errors : followChoices(errors, choices, fieldChoicesOf(file)))) fields.add(detail.field)
  }
  judge(operation.params, parts.params)
  judge(operation.query, withoutUndefined(parts.query))
  judge(operation.body, parts.body)
  return [...fields].sort()
}

function withoutUndefined(query: Json | undefined): Json {
  return Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => value !== undefined))
}

/** What a planned call carries for coverage: its operation and each parameter's value classes. */
export interface InputClasses {
  op: Operation
  classes: Readonly<Record<string, readonly string[]>>
}

export interface CoverageSummary {
  hit: number
  total: number
  percent: number
  /** The cells no call fell in, in the order of the universe. */
  missing: string[]
  /** Cells recorded that the universe does not hold: a planner and schema out of step. */
  unexpected: string[]
  /** e.g. "coverage: 412 of 530 cells (78%) of operations × parameters × value classes" */
  text: string
}

/**
 * Which cells of operations × documented parameters × value classes the planned calls fell in.
 * planCall records into it when its context holds one; record(call) does the same for a call
 * planned elsewhere.
 */
export class Coverage {
  private readonly hits = new Map<string, number>()
  private readonly strays = new Set<string>()
  private readonly universe = new Set(UNIVERSE)

  record(call: { input?: InputClasses }): void {
    if (!call.input) return
    const { op, classes } = call.input
    for (const [parameter, valueClasses] of Object.entries(classes)) {
      for (const valueClass of valueClasses) {
        const cell = cellOf(op, parameter, valueClass)
        if (this.universe.has(cell)) this.hits.set(cell, (this.hits.get(cell) ?? 0) + 1)
        else this.strays.add(cell)
      }
    }
  }

  /** How many calls fell in a cell. */
  count(cell: string): number {
    return this.hits.get(cell) ?? 0
  }

  summary(): CoverageSummary {
    const total = UNIVERSE.length
    const hit = this.hits.size
    const percent = Math.floor((hit / total) * 100)
    return {
      hit,
      total,
      percent,
      missing: UNIVERSE.filter((cell) => !this.hits.has(cell)),
      unexpected: [...this.strays].sort(),
      text: `coverage: ${hit} of ${total} cells (${percent}%) of operations × parameters × value classes`,
    }
  }
}
