import type { Choices, ChoicesByList } from '../freedom/catalogue.js'
import { cleanup } from './cleanup.js'
import { SITES } from './endpoints.js'
import { ContractClient, type ContractRequest } from './http-client.js'
import { generateSequence } from './stateful/commands.js'
import type { Step } from './stateful/sequence.js'
import { runSequence, type SequenceEnv } from './stateful/sequence.js'
import { Throttle } from './throttle.js'
import type { ExistingSites } from './stateful/oracle.js'
import { createRandom } from '../random.js'
import { inCreationOrder } from '../snapshot/take-snapshot.js'
import { siteRecords, type ReadSite } from '../snapshot/to-fixture.js'
import { appendAll } from '../append.js'
import { CreatedResources } from './tracker.js'
import { shapeDifference, templateOf } from './calibration-shape.js'

/** How many stateful sequences the replay sends when not told (`--calibration-sequences`). */
export const DEFAULT_CALIBRATION_SEQUENCES = 20
/** The first seed of the replay: fixed, so that two calibrations of one deployment send the same calls. */
const FIRST_SEED = 1
const TIMEOUT_MS = 15_000

export interface CalibrationTarget {
  baseUrl: string
  apiKey: string
  workspaceId: string
  /** The run's tag: in the name of every site the replay creates, all deleted at its end. */
  tag: string
  /** The choices the mock follows; without them, sitemock's own. */
  choices?: Choices
  /** The lists that answer cursors in their own way (the file's `lists`), which the mock follows too. */
  listChoices?: ChoicesByList
  /** --site-api-key: sent as another site's Site key where the sites' publicApiKey is no key (choices publicApiKeyAsSiteKey). */
  siteApiKey?: string
  sequences?: number
  maxRps?: number
  signal?: AbortSignal
}

/** One kind of difference left: an operation, and the status or body field where the two sides part. */
export interface NotCalibrated {
  kind: string
  count: number
  /** The first call that showed it: the request and both answers, briefly. */
  example: string
}

export interface Calibration {
  sequences: number
  calls: number
  sameStatus: number
  /** Calls with the same status and a body of the same shape (the same fields, of the same JSON types, lists of the same length). */
  sameShape: number
  notCalibrated: NotCalibrated[]
}

/**
 * Replays the stateful group's seeded sequences against the target and, side by side, against a
 * mock in this process following `choices`, with nothing adopted at run time: every call's two
 * answers are set against each other, and each difference is counted by its kind. A difference
 * left is one the choices file does not explain: the mock started with it would answer otherwise.
 */
export async function calibrate(target: CalibrationTarget): Promise<Calibration> {
  const tracker = new CreatedResources(target.tag)
  const client = new ContractClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, throttle: new Throttle(1, target.maxRps ?? 0), tracker, readOnly: false, timeoutMs: TIMEOUT_MS, signal: target.signal, notice: () => undefined, pathnames: { inPath: target.choices?.pathnameInPath ?? 'encoded' } })
  const send = (request: ContractRequest) => client.send(request)
  // The oracle starts with the workspace's sites as the target has them: the site lists of both sides hold them, with no anchor.
  const workspaceSites = await sitesBefore(send, target.workspaceId, target.choices)
  const env: SequenceEnv = {
    // sitemock's profile adopts nothing at run time; sideBySide compares nothing and never stops.
    profile: 'sitemock',
    sideBySide: true,
    tag: target.tag,
    workspaceId: target.workspaceId,
    appKey: target.apiKey,
    send,
    phantomId: () => tracker.phantomId(),
    adopt: (resource) => tracker.add(resource),
    siteAnchor: () => Promise.resolve(undefined),
    workspaceSites,
    choices: target.choices,
    listChoices: target.listChoices,
    ...(target.siteApiKey === undefined ? {} : { strangerKey: target.siteApiKey }),
  }
  const tally = new Tally()
  const sequences = target.sequences ?? DEFAULT_CALIBRATION_SEQUENCES
  try {
    for (let run = 0; run < sequences; run++) {
      const result = await runSequence(env, generateSequence(FIRST_SEED + run))
      for (const step of result.steps) tally.add(step)
    }
  } finally {
    await cleanup(client.uninterruptible(), tracker, { workspaceId: target.workspaceId, tag: target.tag })
  }
  return { sequences, ...tally.result() }
}

/** The lines the command prints after writing the choices file. */
export function calibrationLines(calibration: Calibration, file: string): string[] {
  const { calls, sameStatus, sameShape, notCalibrated } = calibration
  const share = (count: number): string => `${calls === 0 ? '0.0' : ((100 * count) / calls).toFixed(1)}%`
  return [
    `calibration: ${calibration.sequences} stateful sequence(s) replayed against the target and a mock following ${file}, nothing adopted: ` +
      `${sameStatus} of ${calls} call(s) answered with the same status (${share(sameStatus)}), ${sameShape} with the same status and body shape (${share(sameShape)})`,
    ...(notCalibrated.length === 0
      ? ['calibration: no difference left']
      : [`calibration: ${notCalibrated.length} kind(s) not calibrated:`, ...notCalibrated.map((left) => `  not calibrated: ${left.kind} (${left.count} call(s)), e.g. ${left.example}`)]),
  ]
}

/**
 * `contract --write-choices FILE`, once the file is written: the replay, printed on stderr. A
 * replay that stops (the target went away) says so and lets the run go on: the file stands.
 */
export async function printCalibration(target: CalibrationTarget & { file: string }, write: (line: string) => void): Promise<void> {
  try {
    for (const line of calibrationLines(await calibrate(target), target.file)) write(`sitemock contract: ${line}\n`)
  } catch (error) {
    write(`sitemock contract: calibration: the replay stopped: ${(error as Error).message}\n`)
  }
}

/** Counts the calls and groups the differences by kind, most frequent first. */
class Tally {
  private calls = 0
  private sameStatus = 0
  private sameShape = 0
  private readonly kinds = new Map<string, NotCalibrated>()

  add(step: Step): void {
    this.calls++
    const { target, oracle } = step
    const operation = `${target.request.method} ${templateOf(target.request.path)}`
    let kind: string
    if (target.status !== oracle.status) {
      kind = `${operation}: status ${target.status} from the target, ${oracle.status} from the mock`
    } else {
      this.sameStatus++
      const field = shapeDifference(target.body, oracle.body)
      if (field === undefined) {
        this.sameShape++
        return
      }
      kind = `${operation} ${target.status}: ${field}`
    }
    const seen = this.kinds.get(kind)
    if (seen) seen.count++
    else this.kinds.set(kind, { kind, count: 1, example: exampleOf(step) })
  }

  result(): Omit<Calibration, 'sequences'> {
    const notCalibrated = [...this.kinds.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind))
    return { calls: this.calls, sameStatus: this.sameStatus, sameShape: this.sameShape, notCalibrated }
  }
}

const brief = (value: unknown, length: number): string => {
  const text = value === undefined ? '' : JSON.stringify(value)
  return text.length > length ? `${text.slice(0, length)}…` : text
}

function exampleOf({ label, target, oracle }: Step): string {
  const sent = target.request.body === undefined ? '' : ` ${brief(target.request.body, 160)}`
  // The mock's own ids stand in its path: shown when they do.
  const mockPath = oracle.request.path === target.request.path ? '' : ` (to the mock: ${oracle.request.path})`
  return `${label}: ${target.request.method} ${target.request.path}${mockPath}${sent} → target ${target.status} ${brief(target.body, 200)} | mock ${oracle.status} ${brief(oracle.body, 200)}`
}

/** Where the stream of the stand-in keys of the workspace's sites starts: apart from the oracle's own ids. */
const SITE_KEY_STREAM = 0x0ca1b7a7

/**
 * The workspace's sites before the replay adds its own, as the records of a fixture (a
 * snapshot's, each with its default locale): the mock started with them lists what the target
 * lists. Their keys are stand-ins: the target's are never given to anyone else.
 */
async function sitesBefore(send: (request: ContractRequest) => ReturnType<ContractClient['send']>, workspaceId: string, choices: Choices | undefined): Promise<ExistingSites> {
  const listed: ReadSite[] = []
  let last: string | undefined
  for (let page = 0; page < 100; page++) {
    const exchange = await send({ method: 'GET', template: SITES, query: { workspaceId, limit: 100, startingAfter: last } })
    const body = exchange.body as { data?: ReadSite[]; hasMore?: unknown } | undefined
    if (exchange.status !== 200 || !Array.isArray(body?.data)) break
    appendAll(listed, body.data)
    if (body.data.length > 0) last = String(body.data[body.data.length - 1]!.id)
    if (body.hasMore !== true) break
  }
  const random = createRandom(SITE_KEY_STREAM)
  const records: ExistingSites = { sites: [], locales: [] }
  for (const site of inCreationOrder(listed, choices)) {
    const { site: record } = siteRecords({ site, workspaceId, locales: [], deletedLocales: [], drafts: [], lives: [], routes: [] }, workspaceId, random.uuid(), random)
    records.sites.push(record)
    records.locales.push({ id: random.uuid(), siteId: site.id, locale: site.defaultLocale, isDefault: true, domain: null, pathPrefix: null, deletedAt: null })
  }
  return records
}
