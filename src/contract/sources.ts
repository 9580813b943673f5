import specification from '../../contracts/specification.json' with { type: 'json' }
import type { ChoiceId } from '../freedom/catalogue.js'
import { catalogued } from '../freedom/catalogue-words.js'
import type { DocumentName } from './types.js'

/**
 * Where a rule, a validation case or a stateful input class comes from. A deployment is held by
 * default only to what a document states: a statement of the specification (its section and row,
 * in contracts/specification.json), or a node of the published OpenAPI (a JSON pointer into
 * contracts/published-openapi.json). What neither states is sitemock's own choice, written out in
 * a section of docs/api-behaviour.md: a difference, failing only under --profile sitemock.
 * test/contract/sources.test.ts holds every claim to the statement or node it names.
 */
export type Source = SpecificationSource | OpenApiSource | SitemockSource

/**
 * What a source is said to state: keys and values the statement's facts (or the OpenAPI node)
 * must hold. Objects compare key by key, arrays as subsets, other values by equality. Against the
 * OpenAPI, `status` means the pointer names that response, and `description` is a part of the node's.
 */
export type Claim = Record<string, unknown>

export interface SpecificationSource {
  kind: 'specification'
  /** An id of contracts/specification.json. */
  statement: string
  claim: Claim
}

export interface OpenApiSource {
  kind: 'openapi'
  /** A JSON pointer into contracts/published-openapi.json. */
  pointer: string
  claim: Claim
  /** The published OpenAPI says otherwise than the specification here (the specification wins on behaviour). */
  contradicts?: true
}

export interface SitemockSource {
  kind: 'sitemock'
  /** The heading of docs/api-behaviour.md that states sitemock's choice, as its anchor. */
  section: string
  /** The choice, in a few words. */
  says: string
  /** Where the documents can be read two ways: both readings, either of which a deployment may follow. */
  readings?: string
  /** The free choice of the catalogue (contracts/schemas/choices.json) this is, when it is one. */
  choice?: ChoiceId
}

export interface Statement {
  id: string
  section: string
  row: string
  says: string
  facts: Record<string, unknown>
}

/** The specification's statements the rules rest on, by id. */
export const STATEMENTS: ReadonlyMap<string, Statement> = new Map((specification.statements as Statement[]).map((statement) => [statement.id, statement]))

export const spec = (statement: string, claim: Claim = {}): SpecificationSource => ({ kind: 'specification', statement, claim })
export const openapi = (pointer: string, claim: Claim = {}): OpenApiSource => ({ kind: 'openapi', pointer, claim })
export const sitemock = (section: string, says: string, readings?: string): SitemockSource => ({ kind: 'sitemock', section, says, ...(readings ? { readings } : {}) })
/** A choice of the catalogue: its section of docs/api-behaviour.md is the catalogue's. */
export const chosen = (id: ChoiceId, says: string, readings?: string): SitemockSource => ({ ...sitemock(catalogued(id).behaviour.split('#')[1]!, says, readings), choice: id })
/** The published OpenAPI saying otherwise than the specification, which wins. */
export const contradiction = (pointer: string, claim: Claim): OpenApiSource => ({ ...openapi(pointer, claim), contradicts: true })

/** The pointer of an operation of the published OpenAPI: `operation('GET', '/v2/locales')`. */
export const operation = (method: string, template: string): string => `/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}`
/** The pointer of a schema of the published OpenAPI's components, or of one of its properties. */
export const component = (name: string, property?: string): string => `/components/schemas/${name}${property ? `/properties/${property}` : ''}`

/**
 * The documents a set of sources rests on, as failures name them: the specification and the
 * published OpenAPI where they state it (not where the OpenAPI says otherwise), or sitemock's own
 * behaviour when neither does.
 */
export function documentsOf(sources: readonly Source[]): DocumentName[] {
  const documents: DocumentName[] = []
  if (sources.some((source) => source.kind === 'specification')) documents.push('specification')
  if (sources.some((source) => source.kind === 'openapi' && !source.contradicts)) documents.push('published OpenAPI')
  return documents.length ? documents : ['sitemock behaviour']
}

/** Whether only sitemock's own choices stand behind the sources: a difference under the default profile. */
export const onlySitemock = (sources: readonly Source[]): boolean => sources.length > 0 && sources.every((source) => source.kind === 'sitemock')

/** Where the documents disagree, in words, when a source says so. */
export function disagreementOf(sources: readonly Source[]): string | undefined {
  const against = sources.find((source): source is OpenApiSource => source.kind === 'openapi' && source.contradicts === true)
  return against ? `the published OpenAPI (${against.pointer}) says otherwise than the specification, which wins` : undefined
}

/** A source in words, as reports and docs/contract-rules.md show it. */
export function describeSource(source: Source): string {
  switch (source.kind) {
    case 'specification': {
      const statement = STATEMENTS.get(source.statement)
      return `specification, ${statement?.section ?? '?'} › ${statement?.row ?? source.statement}`
    }
    case 'openapi':
      return `${source.contradicts ? 'published OpenAPI, disagreeing' : 'published OpenAPI'} ${source.pointer}`
    case 'sitemock':
      return `sitemock's choice${source.choice ? ` ${source.choice}` : ''} (api-behaviour.md#${source.section}): ${source.says}`
  }
}
