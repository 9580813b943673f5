// Generates src/generated/validators/*.ts: the Ajv validators of contracts/schemas, compiled
// ahead of time (Ajv's standalone code). The API operations' own files get one module each
// (operations/), indexed twice: eager.ts, which Node's entries import from the start, and
// on-demand.ts, whose dynamic imports a page's entries follow on an operation's first request.
// A mock then compiles nothing when it starts or answers its first request, and nothing calls
// `new Function` at run time, so a page whose Content-Security-Policy has no 'unsafe-eval' can
// run it. Beside them, two small modules hold what a page's start reads of the schemas, so that it
// need not load them: src/generated/key-carrying.ts names the schema files that may hold an API
// key (the journal scans only those bodies), src/generated/choice-records.ts the free choices of
// choices.json without their quoted words (the mock's choices). `npm run build`
// and `npm run gen:types` rewrite the files; a unit test fails when the committed ones are stale.
import { Ajv } from 'ajv/dist/ajv.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import standaloneCode from 'ajv/dist/standalone/index.js'
import { _ } from 'ajv/dist/compile/codegen/index.js'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const schemaDir = path.join(root, 'contracts/schemas')
const outDir = path.join(root, 'src/generated/validators')
const keyCarryingFile = path.join(root, 'src/generated/key-carrying.ts')
const choiceRecordsFile = path.join(root, 'src/generated/choice-records.ts')
const choiceListsFile = path.join(root, 'src/generated/choice-lists.ts')
const SCHEMA_BASE = 'https://sitemock.dev/schemas/'
/** The module the generated code imports its formats and keyword helpers from, relative to outDir. */
const RUNTIME = '../../contracts/validator-runtime.js'

/**
 * Annotation keywords of contracts/: `x-accepts` words error messages, `tsType` steers type
 * generation, the others describe the free choices (choices.json, and `x-choices` beside a
 * keyword that is one of them).
 */
const ANNOTATIONS = ['x-accepts', 'tsType', 'x-behaviour', 'x-kind', 'x-documents', 'x-words', 'x-choices']

/** What a request to the API or the control plane sends: the documents the mock judges requests by. */
const REQUEST_BODIES = /-(create|update|duplicate)\.json$|^control-(fault|override|override-document|reset)\.json$/
const REQUEST_PARAMS = /-(params|query)\.json$/
/**
 * What an API answer carries (a resource, the list envelope, the error envelope, the throttler's
 * body): a response override's body is judged by them before it is added, in a page too.
 */
const RESPONSE_BODIES = /^(site|page|locale|route|list|error|throttled)\.json$/
/**
 * Documents and their definitions, judged outside a request: a fixture's records one by one
 * (sitemock/data's collections), a choices file (the command line). A page that does not import
 * sitemock/data never loads them; a fixture sent to the mock is judged whole, with the bodies.
 */
const DOCUMENTS = ['fixture.json', 'choices.json']

/**
 * The sets of validators, one module each, and what each exports: files, and for a file the
 * definitions (`fixture.json#/$defs/site`) or root properties (`page-list-query.json#/properties/limit`)
 * asked for. Bodies are judged as sent; query and path values arrive as strings and are coerced
 * to the schema's types ("20" → 20) before judging. The contract suite judges one value of a
 * request at a time, as its planner typed it, in a set of its own that a page never loads.
 * Another set (other options, or schemas changed by `transform`) is one more entry here. A `lean`
 * set is what a page loads: its errors leave out `schema` (see leanErrors) and `message` (src/api/
 * validate.ts words the few keywords whose message it reads, see WORDED_KEYWORDS), and the schemas
 * they report leave out what no reader of an error reads (see unannotated).
 */
export const SETS = [
  // Its schemas' copies are exported too: src/faults/prefer.ts reads a fault's longest latency there.
  { name: 'body', coerceTypes: false, files: (file) => !isOperationFile(file) && (REQUEST_BODIES.test(file) || RESPONSE_BODIES.test(file) || file === 'fixture.json'), parts: () => [], lean: true, exportSchemas: true },
  { name: 'params', coerceTypes: true, files: (file) => !isOperationFile(file) && REQUEST_PARAMS.test(file), parts: () => [], lean: true },
  // The API operations' own, one module per file and no module of the whole set: Node imports
  // every file's module from the start (eager.ts); a page imports one when its first request to an
  // operation that uses it arrives (on-demand.ts).
  { name: 'operation-body', coerceTypes: false, files: (file) => isOperationFile(file) && REQUEST_BODIES.test(file), parts: () => [], eachFile: true, lean: true },
  { name: 'operation-params', coerceTypes: true, files: (file) => isOperationFile(file) && REQUEST_PARAMS.test(file), parts: () => [], eachFile: true, lean: true },
  { name: 'documents', coerceTypes: false, files: (file) => DOCUMENTS.includes(file), parts: () => ['$defs'] },
  { name: 'contract', coerceTypes: false, files: (file) => REQUEST_BODIES.test(file) || REQUEST_PARAMS.test(file), parts: () => ['properties'] },
]

/** A request body or parameters of the API's operations (not of the control plane). */
function isOperationFile(file) {
  return !file.startsWith('control-') && (REQUEST_BODIES.test(file) || REQUEST_PARAMS.test(file))
}

const readSchemas = () =>
  fs
    .readdirSync(schemaDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, schema: JSON.parse(fs.readFileSync(path.join(schemaDir, file), 'utf8')) }))

/**
 * The schemas as the mock judges them. common.json's uuid carries a pattern for the served
 * OpenAPI (tools that do not know the uuid format still generate and check UUIDs by it); here the
 * format decides the same thing, and a second, regular-expression test of every id costs a good
 * part of a request's validation.
 */
function judged({ file, schema }) {
  if (file !== 'common.json') return schema
  const uuid = { ...schema.$defs.uuid }
  delete uuid.pattern
  return { ...schema, $defs: { ...schema.$defs, uuid } }
}

/** The keys a set exports: its files, and the parts of each it asks for. */
function exportedKeys(set, files) {
  const keys = []
  for (const { file, schema } of files) {
    if (!set.files(file)) continue
    keys.push(file)
    for (const part of set.parts(file)) {
      for (const name of Object.keys(schema[part] ?? {})) keys.push(`${file}#/${part}/${escapePointer(name)}`)
    }
  }
  return keys
}

const escapePointer = (name) => name.replace(/~/g, '~0').replace(/\//g, '~1')

function createAjv(set, schemas) {
  // A lean set is compiled by draft-07's Ajv: the schemas use no keyword whose meaning differs
  // there (no unevaluated*, $dynamicRef, prefixItems or array-form items, see checkDraft07), and
  // its code then leaves out the bookkeeping of evaluated properties that only those need, some
  // 4% of a page's validators gzipped.
  const ajv = new (set.lean ? Ajv : Ajv2020)({
    allErrors: true,
    // Errors carry their schema and value: the 400s word them from x-accepts and the value sent.
    verbose: true,
    // A lean set's messages are worded by validate.ts from the keyword and its params: the
    // same words, some 9% of the set's gzipped size fewer (checkWordedKeywords keeps them so).
    messages: !set.lean,
    strict: true,
    coerceTypes: set.coerceTypes,
    schemas,
    code: { source: true, esm: true, lines: true, formats: _`require(${RUNTIME}).formats` },
  })
  ajv.addVocabulary(ANNOTATIONS)
  ajv.addKeyword({
    keyword: 'x-lowercase',
    schemaType: 'boolean',
    modifying: true,
    code(cxt) {
      if (!cxt.schema) return
      const { gen, data, it } = cxt
      const lowerCaseUuid = gen.scopeValue('func', { ref: () => undefined, code: _`require(${RUNTIME}).lowerCaseUuid` })
      gen.code(_`${lowerCaseUuid}(${data}, ${it.parentData}, ${it.parentDataProperty})`)
    },
  })
  // Only the code is kept: the checks themselves are validator-runtime.ts's formats.
  for (const format of ['date-time', 'uri', 'uuid']) ajv.addFormat(format, () => true)
  return ajv
}

/** The module of one set, as TypeScript that the type checker leaves alone (it is Ajv's code). */
export function generateSet(set) {
  const files = readSchemas()
  const schemas = (set.transform ?? ((s) => s))(files.map(judged))
  if (set.lean) checkDraft07(schemas)
  const ajv = createAjv(set, schemas)
  const keys = exportedKeys(set, files)
  const refs = Object.fromEntries(keys.map((key, i) => [`v${i}`, SCHEMA_BASE + key]))
  const standalone = standaloneCode(ajv, refs)
  const lean = set.lean ? checkWordedKeywords(leanErrors(standalone)) : standalone
  const reported = set.inlineSchemas ? (set.lean ? unannotateLiterals(lean, files, schemas) : lean) : referSchemas(lean, files, schemas, set)
  const code = hoistRequires(appendInPlace(set.lean ? pushErrors(reported) : reported))
  return [
    header(` (set "${set.name}")`),
    '// @ts-nocheck: Ajv\'s standalone code, typed where validate.ts reads the validators map below.',
    code,
    '',
    '/** Each validator by key: a file (site.json), a definition (fixture.json#/$defs/site) or a root property. */',
    `export const validators = {`,
    ...keys.map((key, i) => `  ${JSON.stringify(key)}: v${i},`),
    '}',
    '',
  ].join('\n')
}

/**
 * What draft-07's Ajv would take in another meaning than 2020-12's: an array of schemas under
 * items (a tuple there, prefixItems here). A keyword of 2020-12 alone (prefixItems,
 * unevaluatedProperties, $dynamicRef) is unknown to it, which strict mode refuses already.
 */
function checkDraft07(schemas) {
  const walk = (value, at) => {
    if (value === null || typeof value !== 'object') return
    if (!Array.isArray(value) && Array.isArray(value.items)) throw new Error(`scripts/gen-validators.mjs: ${at} has an array of items, which a lean set's draft-07 Ajv reads as a tuple: compile lean sets with Ajv2020`)
    for (const [name, child] of Object.entries(value)) walk(child, `${at}/${name}`)
  }
  for (const schema of schemas) walk(schema, schema.$id)
}

/**
 * Where each value of the judged schemas is first found: Ajv's code names a schema it reports by
 * a literal copy, which is found here by its JSON text.
 */
function placesOf(files, judgedSchemas) {
  const places = new Map()
  const walk = (value, file, path) => {
    if (value === null || typeof value !== 'object') return
    const key = JSON.stringify(value)
    if (!places.has(key)) places.set(key, { file, path })
    for (const [name, child] of Object.entries(value)) walk(child, file, [...path, name])
  }
  files.forEach(({ file }, i) => walk(judgedSchemas[i], file, []))
  return places
}

const SCHEMA_LITERAL = /^const (schema\d+) = (\{.*\});$/gm
const pointerOf = (path) => path.map((part) => `[${JSON.stringify(part)}]`).join('')

/**
 * With verbose errors Ajv's code carries each schema it reports as a literal copy. The package
 * already holds every schema (src/generated/schemas.ts imports them): each copy becomes a
 * reference to the same JSON module, found where the judged schemas hold that very value. A lean
 * set holds its own copy of each file instead, without what no reader of an error reads (a
 * page's start then loads neither the JSON modules nor their descriptions).
 */
function referSchemas(code, files, judgedSchemas, { lean, exportSchemas }) {
  const places = placesOf(files, judgedSchemas)
  const used = new Set()
  const body = code.replace(SCHEMA_LITERAL, (line, name, literal) => {
    const place = places.get(JSON.stringify(JSON.parse(literal)))
    if (!place) return line
    used.add(place.file)
    return `const ${name} = ${moduleName(place.file)}${pointerOf(place.path)};`
  })
  const usedFiles = [...used].sort()
  const declarations = lean
    ? [
        ...usedFiles.map((file) => `const ${moduleName(file)} = ${JSON.stringify(unannotated(judgedSchemas[files.findIndex((f) => f.file === file)]))};`),
        ...(exportSchemas
          ? ['/** The schemas this set\'s errors report, by file, without their words. */', `export const schemas = {${usedFiles.map((file) => `${JSON.stringify(file)}: ${moduleName(file)}`).join(', ')}};`]
          : []),
      ]
    : usedFiles.map((file) => `import ${moduleName(file)} from '../../../contracts/schemas/${file}' with { type: 'json' }`)
  return [...declarations, body].join('\n')
}

/** A lean set's literal copies (a module of one file keeps its own), each without what no reader of an error reads. */
function unannotateLiterals(code, files, judgedSchemas) {
  const places = placesOf(files, judgedSchemas)
  const roots = new Map(files.map(({ file }, i) => [file, unannotated(judgedSchemas[i])]))
  return code.replace(SCHEMA_LITERAL, (line, name, literal) => {
    const place = places.get(JSON.stringify(JSON.parse(literal)))
    const node = place && place.path.reduce((at, part) => at?.[part], roots.get(place.file))
    return node === undefined ? line : `const ${name} = ${JSON.stringify(node)};`
  })
}

/**
 * What the readers of a page's errors never read of the schemas they report (validate.ts reads
 * x-accepts, properties, the limits; follow-choices.ts x-choices and a keyword's value): the words
 * for people and for type generation, some 30% of the schemas' gzipped size. Only where a
 * schema is (a property named title stays a property).
 */
const UNREAD = new Set(['title', 'description', 'examples', '$comment', 'tsType'])
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas'])
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
const SCHEMA_VALUES = new Set(['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems'])

function unannotated(schema) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema
  const kept = {}
  for (const [key, value] of Object.entries(schema)) {
    if (UNREAD.has(key)) continue
    if (SCHEMA_MAPS.has(key)) kept[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, unannotated(child)]))
    else if (SCHEMA_LISTS.has(key)) kept[key] = value.map(unannotated)
    else kept[key] = SCHEMA_VALUES.has(key) ? unannotated(value) : value
  }
  return kept
}

/**
 * The keywords whose errors src/api/validate.ts words: in its own words, or (leanMessage) in
 * Ajv's, since a lean set's errors carry no message. A keyword it does not know would be worded
 * "valid (<keyword>)": the generator stops first.
 */
const WORDED_KEYWORDS = new Set(['required', 'additionalProperties', 'type', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'not', 'anyOf', 'format', 'if', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'pattern', 'propertyNames'])

function checkWordedKeywords(code) {
  for (const [, keyword] of code.matchAll(/keyword:"([^"]+)"/g)) {
    if (!WORDED_KEYWORDS.has(keyword)) throw new Error(`scripts/gen-validators.mjs: a page's validators report the keyword ${keyword}, which src/api/validate.ts (leanMessage) does not word: add it there and to WORDED_KEYWORDS`)
  }
  return code
}

const moduleName = (file) => `schema_${file.replace(/\.json$/, '').replace(/-/g, '_')}`

/**
 * A verbose error's `schema` is its parentSchema's value of the keyword (parentSchema.maxLength,
 * parentSchema.anyOf): a page's validators leave it out, some 8% of their gzipped size, and
 * src/api/validate.ts reads it from parentSchema where it is needed (a deployment's choices).
 * Ajv writes each error's fields in one order, on one line: `...,schema:<value>,parentSchema:...`.
 */
function leanErrors(code) {
  const lean = code.replace(/,schema:[^\n]*?,parentSchema:/g, ',parentSchema:')
  const left = /[{,]schema:[^\n]*/.exec(lean)
  if (left) throw new Error(`scripts/gen-validators.mjs: an error of Ajv's code keeps its schema, in another form than leanErrors knows: ${left[0].slice(0, 120)}`)
  return lean
}

/**
 * Ajv builds each error in place: an object literal of six named fields, then seven lines that
 * start the list or push to it. A lean set hands the fields to runtime.pushError instead, which
 * builds the same object (its fields in Ajv's order) and pushes it: some 7% of a page's
 * validators, gzipped. An error of another form (propertyNames' has one more field) stays as is.
 */
function pushErrors(code) {
  return code.replace(
    /^const (err\d+) = \{instancePath(?::(.*?))?,schemaPath:(.*?),keyword:(.*?),params:(.*?),parentSchema:(.*?),data(?::([^,]*?))?\};\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}$/gm,
    (_literal, _name, instancePath = 'instancePath', schemaPath, keyword, params, parentSchema, data = 'data') =>
      `vErrors = runtime.pushError(vErrors, ${instancePath}, ${schemaPath}, ${keyword}, ${params}, ${parentSchema}, ${data});`,
  )
}

/**
 * Ajv gathers a referenced schema's errors (a $ref, one call per item of an array) with
 * `vErrors = vErrors.concat(errors)`: each call copies every error found so far, so a document
 * with 20,000 invalid records took 40 s to judge. runtime.appendErrors adds them in place.
 */
function appendInPlace(code) {
  // hoistRequires imports the runtime module into every set.
  return code.replace(/vErrors = vErrors === null \? ([\w.]+) : vErrors\.concat\(\1\);/g, (_, errors) => `vErrors = runtime.appendErrors(vErrors, ${errors});`)
}

/**
 * Ajv's standalone code names what it needs from other modules with require(). An ES module
 * imports validator-runtime.ts once, at the top; Ajv's own helpers are taken from there too
 * (a CommonJS module's default export is not the same thing in Node, Vite and esbuild).
 */
const AJV_RUNTIME = { 'require("ajv/dist/runtime/ucs2length").default': 'ucs2length' }

function hoistRequires(code) {
  let body = code.replace(/"use strict";\s*/, '')
  for (const [required, name] of Object.entries(AJV_RUNTIME)) body = body.replaceAll(required, `runtime.${name}`)
  body = body.replaceAll(`require(${JSON.stringify(RUNTIME)})`, 'runtime')
  const unknown = /require\([^)]*\)[^;]*/.exec(body)
  if (unknown) throw new Error(`The generated code needs ${unknown[0]}: give it to validator-runtime.ts and to AJV_RUNTIME`)
  return `import * as runtime from ${JSON.stringify(RUNTIME)}\n${body}`
}

/** The first line of every file written here, the unit test's sign of a generated file. */
const header = (what = '') => `/* Generated by scripts/gen-validators.mjs from contracts/schemas${what}. Do not edit: npm run gen:types rewrites it. */`

export function generateValidators() {
  const whole = SETS.filter((set) => !set.eachFile).map((set) => ({ file: path.join(outDir, `${set.name}.ts`), text: generateSet(set) }))
  const files = readSchemas().map(({ file }) => file)
  const each = SETS.filter((set) => set.eachFile).flatMap((set) =>
    files.filter((file) => set.files(file)).map((file) => ({ kind: set.name.replace('operation-', ''), set, file, module: `operations/${set.name}-${file.replace(/\.json$/, '')}` })),
  )
  // One folder deeper than the sets: the runtime's path gains a step. A file's module keeps its
  // own copies of the schemas its errors report: imported from the JSON modules that the start of
  // a page holds too, each would be a chunk of its own, and 25 small chunks cost more than the copies.
  const deeper = (text) => text.replaceAll(JSON.stringify(RUNTIME), JSON.stringify(`../${RUNTIME}`))
  const modules = each.map(({ set, file, module }) => ({ file: path.join(outDir, `${module}.ts`), text: deeper(generateSet({ ...set, files: (f) => f === file, inlineSchemas: true })) }))
  return [
    ...whole,
    ...modules,
    { file: path.join(outDir, 'eager.ts'), text: eagerIndex(each) },
    { file: path.join(outDir, 'on-demand.ts'), text: onDemandIndex(each) },
    { file: keyCarryingFile, text: keyCarrying() },
    { file: choiceRecordsFile, text: choiceRecords() },
    { file: choiceListsFile, text: choiceLists() },
  ]
}

/**
 * The free choices of choices.json (its `$defs/choices` properties), in its order, as
 * src/freedom/catalogue.ts reads them: everything of a choice but its description and the
 * documents' words (`x-words`), which only the catalogue's readers need and which src/freedom/
 * catalogue-words.ts takes from choices.json itself.
 */
function choiceRecords() {
  const { schema } = readSchemas().find(({ file }) => file === 'choices.json')
  const records = Object.entries(schema.$defs.choices.properties).map(([id, choice]) => ({
    id,
    alternatives: choice.enum ?? 'a limit (integer) or null',
    sitemock: choice.default,
    ...('x-documents' in choice ? { documents: choice['x-documents'] } : {}),
  }))
  return [
    header(' (choices.json)'),
    "import type { ChoiceRecord } from '../freedom/catalogue.js'",
    '',
    '/** Every free choice of contracts/schemas/choices.json, in its order, without its kind, description, words and docs section. */',
    'export const choiceRecords: readonly ChoiceRecord[] = [',
    ...records.map((record) => `  ${JSON.stringify(record)},`),
    ']',
    '',
  ].join('\n')
}

/**
 * The lists a choices file's `lists` may give answers of their own (its properties), and the
 * classes each may answer so ($defs/listChoices): a module of their own, which a page imports with
 * the following of choices, not at its start.
 */
function choiceLists() {
  const { schema } = readSchemas().find(({ file }) => file === 'choices.json')
  return [
    header(' (choices.json)'),
    "/** The lists a choices file's `lists` may give answers of their own, and the classes each may answer so. */",
    `export const listPaths = ${JSON.stringify(Object.keys(schema.properties.lists.properties))} as const`,
    `export const listClasses = ${JSON.stringify(Object.keys(schema.$defs.listChoices.properties))} as const`,
    '',
  ].join('\n')
}

/**
 * The schema files whose own text has a field named like publicApiKey or appApiKey (the rule
 * is on the file's JSON text, its $refs not followed): the journal scans only the request and
 * success bodies of those files for keys to redact. A page's start then holds these few names
 * instead of every schema.
 */
function keyCarrying() {
  const files = readSchemas()
    .filter(({ schema }) => /ApiKey"\s*:/.test(JSON.stringify(schema)))
    .map(({ file }) => file)
  return [
    header(),
    "/** The schema files that name a field ending in ApiKey: the only bodies whose keys the journal redacts. */",
    'export const keyCarryingFiles: ReadonlySet<string> = new Set([',
    ...files.map((file) => `  ${JSON.stringify(file)},`),
    '])',
    '',
  ].join('\n')
}

/**
 * The index Node's entries give the core: the module of each file by its name, imported
 * statically, so that a mock answers its first request synchronously.
 */
function eagerIndex(each) {
  return [
    header(),
    ...each.map(({ module }, i) => `import { validators as m${i} } from ${JSON.stringify(`./${module}.js`)}`),
    '',
    "/** Each operation file's validators, by file, with the set they belong to. */",
    'export const eager: Readonly<Record<string, { kind: "body" | "params"; validators: object }>> = {',
    ...each.map(({ kind, file }, i) => `  ${JSON.stringify(file)}: { kind: ${JSON.stringify(kind)}, validators: m${i} },`),
    '}',
    '',
  ].join('\n')
}

/**
 * The index a page's entry gives the core: the module of each file by its name, imported only
 * when called, so that a bundler makes each a chunk of its own.
 */
function onDemandIndex(each) {
  return [
    header(),
    "/** Each operation file's validators module, by file and set, imported on first use. */",
    'export const onDemand: Readonly<Record<string, { kind: "body" | "params"; load: () => Promise<{ validators: object }> }>> = {',
    ...each.map(({ kind, file, module }) => `  ${JSON.stringify(file)}: { kind: ${JSON.stringify(kind)}, load: () => import(${JSON.stringify(`./${module}.js`)}) },`),
    '}',
    '',
  ].join('\n')
}

/** The files under outDir that generateValidators no longer writes (a set that was removed or renamed). */
function staleValidators(written) {
  const kept = new Set(written.map(({ file }) => file))
  return fs
    .readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !kept.has(file))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.join(outDir, 'operations'), { recursive: true })
  const written = generateValidators()
  for (const { file, text } of written) {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text)
    console.log(`wrote ${path.relative(root, file)}`)
  }
  // The folder is the generator's alone: what it no longer writes would be imported by nothing.
  for (const file of staleValidators(written)) {
    fs.rmSync(file)
    console.log(`removed ${path.relative(root, file)}`)
  }
}
