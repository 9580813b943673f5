import type { Choices, ChoicesByList } from '../freedom/catalogue.js'

/**
 * What a deployment is held to. documents (the default): what the specification or the published
 * OpenAPI states, each rule by its source (src/contract/sources.ts); published: the published
 * OpenAPI alone; sitemock: the documents and also each choice sitemock made where they leave
 * freedom. Under the first two such a choice is a difference, reported apart, failing nothing.
 */
export type Profile = 'documents' | 'published' | 'sitemock'
export const PROFILES: readonly Profile[] = ['documents', 'published', 'sitemock']

/** Profile names of earlier versions, still accepted: spec was the default's name. */
export const PROFILE_ALIASES: Readonly<Record<string, Profile>> = { spec: 'documents' }

/** A profile by its name or an earlier alias; undefined for a name that is neither. */
export function profileNamed(name: string): Profile | undefined {
  return (PROFILES as readonly string[]).includes(name) ? (name as Profile) : PROFILE_ALIASES[name]
}

/**
 * The documents a failure can break: the specification (as contracts/specification.json states
 * it in sitemock's words), the published OpenAPI (contracts/published-openapi.json), or neither:
 * sitemock behaviour is what sitemock chose where both leave freedom (docs/api-behaviour.md),
 * which a deployment may choose otherwise.
 */
export type DocumentName = 'specification' | 'published OpenAPI' | 'sitemock behaviour'
export const DOCUMENT_OF: Record<Profile, DocumentName> = { documents: 'specification', published: 'published OpenAPI', sitemock: 'specification' }

/** Whether the profile holds the deployment to the specification (every profile but published). */
export function holdsServiceRules(profile: Profile): boolean {
  return profile !== 'published'
}

export const GROUPS = ['schema', 'auth', 'lifecycle', 'validation', 'conflicts', 'pagination', 'versions', 'stateful'] as const
export type Group = (typeof GROUPS)[number]

export interface ContractOptions {
  baseUrl: string
  /** An App API key: it creates the suite's own sites and reads the workspace. */
  apiKey: string
  workspaceId?: string
  siteApiKey?: string
  /** A key of another workspace or site, for the cross-tenant 403s. */
  otherApiKey?: string
  readOnly: boolean
  only?: Group[]
  profile: Profile
  /** Checks and requests in flight at once; 1 is sequential. */
  concurrency: number
  /** Requests started per second at most; 0 means no limit. */
  maxRps: number
  requestTimeoutMs?: number
  /** Aborting stops new requests; what is in flight finishes, then the suite cleans up. */
  signal?: AbortSignal
  runId?: string
  /** How much the stateful group runs; its defaults when left out. */
  stateful?: StatefulBudget
  /** Checks and rules turned off by agreement (--skip, --skip-file), each with its reason, which every report keeps. */
  skip?: ReadonlyArray<{ id: string; reason: string }>
  /** The target's free choices (--choices FILE): the oracle, a sitemock mock, follows them. */
  choices?: Choices
  /** The file's lists that answer cursors in their own way, which the oracle follows too. */
  listChoices?: ChoicesByList
  /**
   * Learn the target's free choices first with the probes of --write-choices (through the run's
   * client: paced, counted, guarded) and hold it to them. On unless false (--no-learn-choices).
   */
  learnChoices?: boolean
  /** How often the live-run mark is refreshed and how long it lasts (DEFAULT_LIVE_MARK when left out): shorter in tests. */
  liveMark?: { refreshMs: number; validMs: number }
}

/** The stateful group's budget: it stops at whichever comes first. */
export interface StatefulBudget {
  /** Sequences at most. */
  runs?: number
  /** Time at most, in ms (the sequence under way finishes). */
  timeMs?: number
  /** The first sequence's seed (the next ones count up from it): a reported seed replays its sequence. */
  seed?: number
  /** Sequences to send again exactly, as a report's failures keep them (Failure.sequence.calls), instead of generated ones. */
  replay?: unknown[][]
}

export interface RequestSummary {
  method: string
  path: string
  /** The operation's path template, e.g. /v2/sites/{siteId}. */
  template?: string
  body?: unknown
}

export interface ResponseSummary {
  status: number
  contentType?: string
  body?: unknown
}

/** Where a body breaks a schema: the document, the schema, the offending part and Ajv's words. */
export interface Violation {
  document: DocumentName
  schema: string
  pointer: string
  message: string
  value?: unknown
}

export interface Failure {
  message: string
  /** The documents whose promise this breaks: the specification alone is a gap in the published OpenAPI, both is a bug; sitemock behaviour alone is a difference. */
  documents: DocumentName[]
  /** What the published OpenAPI says that the answer breaks, in its own words. */
  published?: string
  /** Why the published OpenAPI does not promise this, when only the specification (or sitemock) does. */
  leftOpen?: string
  /** Where the published OpenAPI says otherwise than the specification. */
  disagreement?: string
  request?: RequestSummary
  response?: ResponseSummary
  violations?: Violation[]
  /** A stateful divergence's shrunk sequence: its seed and its calls as sent, which `--replay FILE` sends again. */
  sequence?: { seed?: number; calls: unknown[] }
  /**
   * `inconsistent`: no document is broken, the target answered one free choice two ways (it
   * contradicts what it answered before, where the documents let it choose): reported apart.
   */
  kind?: 'inconsistent'
}

/** A failure of sitemock's own choice alone: no document's statement is broken. */
export const isDifference = (failure: Failure): boolean => failure.documents.length === 1 && failure.documents[0] === 'sitemock behaviour'

/** differs: every failure is a difference from sitemock's own choices, which the profile does not hold the target to. */
export type CheckStatus = 'passed' | 'failed' | 'differs' | 'skipped'

export interface CheckResult {
  id: string
  group: Group
  name: string
  /** The rule the check holds the target to: an id of docs/contract-rules.md. */
  rule: string
  status: CheckStatus
  /** When the check started, in ms after the run started. */
  offsetMs: number
  durationMs: number
  /** Why a check was skipped. */
  reason?: string
  failures: Failure[]
}

export type ResourceKind = 'site' | 'locale' | 'page' | 'route'

export interface CreatedResource {
  kind: ResourceKind
  id: string
  /** The site a locale, page or route lives in. */
  siteId?: string
  label: string
}

export interface CleanupReport {
  deleted: CreatedResource[]
  leftBehind: Array<CreatedResource & { reason: string }>
}

export interface ContractReport {
  /** What made the report: a run of the suite when left out, or sitemock proxy judging the traffic it passed on (it creates nothing, so it has no cleanup). */
  source?: 'proxy'
  runId: string
  tag: string
  baseUrl: string
  profile: Profile
  readOnly: boolean
  startedAt: string
  durationMs: number
  interrupted: boolean
  /** Requests sent to the target, cleanup included (what the estimate before the first check gauged). */
  requests?: number
  checks: CheckResult[]
  notices: string[]
  cleanup: CleanupReport
}

/** What a run tells its caller as it goes. */
export interface RunEvents {
  onCheckDone?(result: CheckResult, done: number, total: number): void
  onNotice?(message: string): void
}
