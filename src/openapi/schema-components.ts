import { SCHEMA_BASE, schemas } from '../generated/schemas.js'

export type JsonObject = Record<string, unknown>

const schemaFiles = new Map<string, JsonObject>(schemas.map((schema) => [schema.$id.slice(SCHEMA_BASE.length), schema as JsonObject]))

/** A schema file of contracts/schemas by name, e.g. schemaFile('site.json'). */
export function schemaFile(file: string): JsonObject {
  const schema = schemaFiles.get(file)
  if (!schema) throw new Error(`contracts/schemas/${file} is not registered in src/generated/schemas.ts`)
  return schema
}

/** site-create.json → SiteCreate: one component per file, named after it so names never collide. */
export const componentName = (file: string): string =>
  file
    .replace(/\.json$/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')

export const componentRef = (file: string, pointer = ''): string => `#/components/schemas/${componentName(file)}${pointer}`

/** A $ref written in `file` ('common.json#/$defs/uuid', '#/$defs/sortBy', 'fixture.json') as the file and pointer it names. */
export function splitRef(ref: string, file: string): { file: string; pointer: string } {
  const hash = ref.indexOf('#')
  const target = hash < 0 ? ref : ref.slice(0, hash)
  return { file: target === '' ? file : target, pointer: hash < 0 ? '' : ref.slice(hash + 1) }
}

/** Follows a JSON pointer such as /$defs/uuid from `root`. */
export function atPointer(root: unknown, pointer: string): unknown {
  let node = root
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = node !== null && typeof node === 'object' ? (node as JsonObject)[part] : undefined
  }
  return node
}

/**
 * The words a schema carries for readers: its description and what it accepts, looked for
 * along its $ref chain (a parameter that is only a $ref borrows the words of its target).
 */
export function wordsOf(node: unknown, file: string): { description?: string; accepts?: string } {
  const words: { description?: string; accepts?: string } = {}
  for (let depth = 0; depth < 8 && node !== null && typeof node === 'object'; depth++) {
    const schema = node as JsonObject
    if (typeof schema.description === 'string') words.description ??= schema.description
    if (typeof schema['x-accepts'] === 'string') words.accepts ??= schema['x-accepts']
    if (typeof schema.$ref !== 'string') break
    const target = splitRef(schema.$ref, file)
    file = target.file
    node = atPointer(schemaFile(target.file), target.pointer)
  }
  return words
}
