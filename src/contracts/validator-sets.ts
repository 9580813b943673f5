import type { ValidateFunction } from 'ajv/dist/2020.js'

/**
 * The validators of the API operations' own request bodies and parameters (set "operation-body"
 * and "operation-params" of scripts/gen-validators.mjs, one module per file). They are most of the
 * validators' code, and a page calls few operations: each entry says how it gets them. Node's
 * entries import every module from the start (eager-parts.ts, through generated/validators/eager.ts);
 * a page's entries hand over the index of dynamic imports (generated/validators/on-demand.ts), and
 * a transport awaits loadOperationValidators before it answers.
 */
export type ValidatorKind = 'body' | 'params'

/** One file's module as the generator writes it: its validators by file name. */
interface OnDemandModule {
  kind: ValidatorKind
  load: () => Promise<{ validators: object }>
}

const loaded: Record<ValidatorKind, Map<string, ValidateFunction>> = { body: new Map(), params: new Map() }
let onDemand: Readonly<Record<string, OnDemandModule>> | undefined
const loading = new Map<string, Promise<void>>()
/** Why a file's module could not be imported (offline, a stale deploy): said when it is then needed. */
const failures = new Map<string, string>()

/** Validators available at once: one file's module, imported statically (Node) or once loaded (a page). */
export function provideOperationValidators(kind: ValidatorKind, validators: object): void {
  for (const [file, validate] of Object.entries(validators)) loaded[kind].set(file, validate as ValidateFunction)
}

/** For a page: each file's validators come from a dynamic import, which loadOperationValidators awaits. */
export function provideOperationValidatorsOnDemand(index: Readonly<Record<string, OnDemandModule>>): void {
  onDemand ??= index
}

/** Whether this entry imports the operations' validators on demand (a page): only then may a request wait for them. */
export function operationValidatorsOnDemand(): boolean {
  return onDemand !== undefined
}

/** The validator of an operation's file, once it is there; throws saying why it is not. */
export function operationValidator(file: string, kind: ValidatorKind): ValidateFunction {
  const validate = loaded[kind].get(file)
  if (validate) return validate
  const failure = failures.get(file)
  if (failure !== undefined) throw new Error(`the validators of contracts/schemas/${file} could not be loaded: ${failure}`)
  if (onDemand?.[file]?.kind === kind) {
    throw new Error(`the validators of contracts/schemas/${file} are imported on demand in a page: await mock.prepare(request) before mock.handle(request) (msw's handler does)`)
  }
  throw new Error(`contracts/schemas/${file} is not a ${kind} schema of scripts/gen-validators.mjs`)
}

/**
 * Imports the modules of those files not there yet: undefined when all are (always in Node),
 * else a promise that settles once they are imported or failed (it never rejects: the request
 * is then answered with the failure, and the next one tries again).
 */
export function loadOperationValidators(files: ReadonlyArray<{ file: string; kind: ValidatorKind }>): Promise<void> | undefined {
  if (onDemand === undefined) return undefined
  const pending: Promise<void>[] = []
  for (const { file, kind } of files) {
    if (loaded[kind].has(file)) continue
    const module = onDemand[file]
    if (module?.kind !== kind) continue
    let load = loading.get(file)
    if (load === undefined) {
      load = module.load().then(
        ({ validators }) => {
          failures.delete(file)
          provideOperationValidators(kind, validators)
        },
        (error: unknown) => {
          failures.set(file, error instanceof Error ? error.message : String(error))
        },
      )
      loading.set(file, load.finally(() => loading.delete(file)))
    }
    pending.push(load)
  }
  return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined)
}
