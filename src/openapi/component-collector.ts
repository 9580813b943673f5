import { componentName, componentRef, schemaFile, splitRef, type JsonObject } from './schema-components.js'

// Only the served document's builder collects components: apart from schema-components.ts, which
// the journal reads from every request on, so that a page's start does not carry it.

/** Keywords whose values are data, not schemas: nothing inside them is a $ref to rewrite. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example'])
/** $id would rebase the rewritten local refs; tsType only steers type generation. */
const DROPPED_KEYWORDS = new Set(['$id', 'tsType'])

/**
 * Turns contracts/ schemas into `components.schemas`: every $ref is rewritten to point inside
 * the document (common.json#/$defs/uuid → #/components/schemas/Common/$defs/uuid), and each
 * file a ref names is pulled in too, so the document holds exactly the schemas it uses.
 */
export class ComponentCollector {
  private readonly components = new Map<string, unknown>()
  private readonly pending: string[] = []

  /** A schema written in `file`, with its refs rewritten; the files it refers to become components. */
  schema(node: unknown, file: string): unknown {
    if (Array.isArray(node)) return node.map((item) => this.schema(item, file))
    if (node === null || typeof node !== 'object') return node
    const out: JsonObject = {}
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYWORDS.has(key)) continue
      if (key === '$ref' && typeof value === 'string') out[key] = this.ref(value, file)
      else out[key] = DATA_KEYWORDS.has(key) ? value : this.schema(value, file)
    }
    return out
  }

  /** A reference to the whole schema file, as a request body or response refers to it. */
  ref(ref: string, file = ref): string {
    const target = splitRef(ref, file)
    schemaFile(target.file)
    if (!this.components.has(componentName(target.file)) && !this.pending.includes(target.file)) this.pending.push(target.file)
    return componentRef(target.file, target.pointer)
  }

  /** Every file referred to so far, and the files they refer to, by component name. */
  collect(): JsonObject {
    for (let file = this.pending.shift(); file !== undefined; file = this.pending.shift()) {
      const name = componentName(file)
      if (this.components.has(name)) continue
      this.components.set(name, null)
      this.components.set(name, this.schema(schemaFile(file), file))
    }
    return Object.fromEntries([...this.components].sort(([a], [b]) => a.localeCompare(b)))
  }
}
