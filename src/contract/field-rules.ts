type Json = Record<string, unknown>

/**
 * What a field accepts, gathered along its $ref chain and its anyOf and oneOf branches: the
 * keywords the invalid cases of the contract suite and the stateful group's coverage both read.
 */
export interface FieldRules {
  types: Set<string>
  enum?: unknown[]
  format?: string
  pattern?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  /** Declared only to be refused ({"not": {}}). */
  forbidden: boolean
  /** A union of shapes (a UUID or a code): some strings fit none of them. A nullable field (a URL or null) is none. */
  union: boolean
}

/** Where a walk goes next: the schema a $ref names (undefined when it names nothing), and how each schema on the way is seen. */
export interface RuleWalk {
  resolve(ref: string, base: string): { schema: unknown; base: string }
  /** Called for every schema met, the deepest first: what a $ref or a branch leads to before the schema that leads there. */
  visit?(schema: Json, base: string): void
}

/** The rules of `node` (read against `base`), added to `rules`. */
export function gatherRules(node: unknown, base: string, walk: RuleWalk, rules: FieldRules = { types: new Set(), forbidden: false, union: false }): FieldRules {
  if (node === null || typeof node !== 'object') return rules
  const schema = node as Json
  if (typeof schema.$ref === 'string') {
    const target = walk.resolve(schema.$ref, base)
    gatherRules(target.schema, target.base, walk, rules)
  }
  if (schema.not !== undefined && Object.keys(schema.not as Json).length === 0) rules.forbidden = true
  const type = schema.type
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) rules.types.add(String(t))
  if (Array.isArray(schema.enum)) {
    rules.enum = schema.enum
    for (const value of schema.enum) rules.types.add(value === null ? 'null' : typeof value)
  }
  // "double" says how a number is stored, not which numbers are accepted.
  if (typeof schema.format === 'string' && schema.format !== 'double') rules.format ??= schema.format
  if (typeof schema.pattern === 'string') rules.pattern ??= schema.pattern
  if (typeof schema.minimum === 'number') rules.minimum ??= schema.minimum
  if (typeof schema.maximum === 'number') rules.maximum ??= schema.maximum
  if (typeof schema.minLength === 'number') rules.minLength ??= schema.minLength
  if (typeof schema.maxLength === 'number') rules.maxLength ??= schema.maxLength
  const branches = [...((schema.anyOf as Json[] | undefined) ?? []), ...((schema.oneOf as Json[] | undefined) ?? [])]
  if (branches.filter((branch) => branch.type !== 'null').length > 1) rules.union = true
  for (const branch of branches) gatherRules(branch, base, walk, rules)
  walk.visit?.(schema, base)
  return rules
}
