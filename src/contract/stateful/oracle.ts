import type { Choices, ChoicesByList, Rules } from '../../freedom/catalogue.js'
import type { FixtureLocale, FixtureSite } from '../../generated/types.js'
import { createMock, type Mock } from '../../mock.js'
import { buildPath } from '../endpoints.js'
import { pathnameAsSegments } from '../../freedom/pathname-in-path.js'
import type { ContractRequest } from '../http-client.js'
import type { RequestSummary } from '../types.js'

/** One side's answer to one request. */
export interface Answer {
  request: RequestSummary
  status: number
  body: unknown
}

/** Sites of the target's workspace that the run did not make, as records the oracle starts with (calibration's replay). */
export interface ExistingSites {
  sites: FixtureSite[]
  locales: FixtureLocale[]
}

/** The oracle's own keys: the target's keys are never sent anywhere but to the target. */
export const ORACLE_APP_KEY = 'sk_OracleWorkspaceAppKey0000000000'
const ORACLE_TENANT_KEY = 'sk_OracleOtherWorkspaceKey000000000'
const ORACLE_TENANT_WORKSPACE = '00000000-0000-4000-8000-00000000000f'
const ORACLE_RANDOM_STATE = 0x0badc0de
/** The oracle's clock starts here and moves one second per request, so every write has its own instant. */
const EPOCH = Date.parse('2030-01-01T00:00:00.000Z')

/**
 * The mock, in this process, as the oracle: it starts with the target's workspace (under the
 * oracle's own key) and another workspace, and nothing else, because a sequence works only in
 * sites it creates (a calibration's replay gives it the workspace's sites too). Timestamps come from a logical clock: the target's are compared with them
 * by their relations only. Under the documents (every profile but sitemock) it follows the
 * documents-only rules, accepting all they allow; where the target refuses what the oracle took,
 * as the documents let it, the oracle takes its step back (`undoLast`).
 */
export class Oracle {
  private current: Mock
  /** The other workspace's key as the oracle knows it: its App key, or the key of a site there when --other-api-key is a Site key. */
  readonly tenantKey: string
  private tick = 0
  /**
   * Every request sent, in order, and every change taken on from the target (`takeOn`): the oracle
   * is a function of them, so dropping one and sending the rest again undoes it.
   */
  private readonly sent: Array<{ request: ContractRequest; status: number } | { change: (mock: Mock) => void }> = []

  /**
   * The Site key of a site the run did not make (--site-api-key), as the oracle knows it: the key
   * of a site of the other workspace, which no command names either. Made only when asked for.
   */
  readonly strangerKey?: string

  constructor(
    private readonly workspaceId: string,
    targetTenantKey: string | undefined,
    private rules: Rules = 'sitemock',
    /** The target's free choices, when recorded (--choices): the oracle then answers as it does. */
    private choices?: Choices,
    withStranger = false,
    /** Left out: the workspace starts empty, as a sequence works only in sites it creates. */
    private readonly workspaceSites?: ExistingSites,
    /** The lists that answer cursors in their own way, when recorded (a choices file's `lists`). */
    private readonly listChoices?: ChoicesByList,
  ) {
    this.current = this.fresh()
    this.tenantKey = ORACLE_TENANT_KEY
    if (targetTenantKey !== undefined && !targetTenantKey.startsWith('sk_')) {
      // A Site key of a site the run does not know: in the oracle, the key of a site of the other workspace.
      this.tenantKey = this.siteKeyOutside('other tenant')
    }
    if (withStranger) this.strangerKey = this.siteKeyOutside('stranger')
  }

  /** The Site key of a new site of the other workspace: a key that reaches none of the run's sites. */
  private siteKeyOutside(name: string): string {
    const site = this.send({ method: 'POST', template: '/v2/sites', body: { workspaceId: ORACLE_TENANT_WORKSPACE, name }, key: ORACLE_TENANT_KEY })
    // Its Site key as the oracle's mock takes it: the publicApiKey, or a key apart from it (publicApiKeyAsSiteKey).
    const id = (site.body as { id?: unknown }).id
    const made = this.current.credentials().sites.find((candidate) => candidate.id === id)
    if (made === undefined) throw new Error(`the oracle could not make a site of its own for ${name}: ${site.status} ${JSON.stringify(site.body)}`)
    return made.siteApiKey
  }

  get mock(): Mock {
    return this.current
  }

  private fresh(): Mock {
    return createMock({
      choices: this.choices,
      listChoices: this.listChoices,
      // Its own id stream, so that no id it makes can equal one the target made.
      state: { randomState: ORACLE_RANDOM_STATE, workspaces: [{ id: this.workspaceId, appApiKey: ORACLE_APP_KEY }, { id: ORACLE_TENANT_WORKSPACE, appApiKey: ORACLE_TENANT_KEY }], ...this.workspaceSites },
      now: () => new Date(EPOCH + this.tick * 1000),
      rules: this.rules,
      // No one reads the oracle's journal, and a replay makes a fresh mock for every undo: its ring would be allocated each time.
      journalSize: 0,
    })
  }

  send(request: ContractRequest): Answer {
    this.tick++
    const answer = this.peek(request)
    this.sent.push({ request, status: answer.status })
    return answer
  }

  /**
   * Changes the oracle's state in place, as the target's answer to the last request shows its own:
   * how the oracle takes on what the target chose of a new resource (a page created offline) with
   * no write of its own, which would move its instants. It goes with the last request when undone.
   */
  takeOn(change: (mock: Mock) => void): void {
    this.sent.push({ change })
    change(this.current)
  }

  /** Sends this request in place of the last one sent, as if that one had been this. */
  replaceLast(request: ContractRequest): Answer {
    this.undoLast()
    return this.send(request)
  }

  /** The free choices the oracle follows now. */
  get chosen(): Choices | undefined {
    return this.choices
  }

  /**
   * Follows other free choices from now on, as if it had from the start: a deployment makes a
   * choice once. Every request sent is answered again under them; one refused stays refused (see replay).
   */
  choose(choices: Choices | undefined): void {
    this.choices = choices
    this.replay()
  }

  /** Reads the state as it was before the last request sent (what that request found), and leaves the oracle as it is. */
  beforeLast<T>(read: (mock: Mock) => T): T {
    const [sent, current, tick] = [[...this.sent], this.current, this.tick]
    this.undoLast()
    try {
      return read(this.current)
    } finally {
      this.sent.splice(0, this.sent.length, ...sent)
      this.current = current
      this.tick = tick
    }
  }

  /** Whose validation rules the oracle follows now. */
  get following(): Rules {
    return this.rules
  }

  /**
   * Forgets the last request sent: the state, ids and clock are as if it never came. The mock
   * draws its ids from a seeded stream, so the requests before it, sent again, make the same ones.
   */
  undoLast(): void {
    // What followed the target after the last request goes with it.
    let last = this.sent.pop()
    while (last !== undefined && 'change' in last) last = this.sent.pop()
    this.replay()
  }

  /** Follows other rules from now on, as if it had followed them from the start (the last request is left out, to be sent again). */
  switchRules(rules: Rules): void {
    this.rules = rules
    this.undoLast()
  }

  private replay(): void {
    this.current = this.fresh()
    this.tick = 0
    for (const entry of this.sent) {
      if ('change' in entry) {
        entry.change(this.current)
        continue
      }
      this.tick++
      // A request refused changed nothing, and stays refused: other rules (switchRules) might take
      // it now, and the oracle would hold what the target never made.
      if (entry.status < 400) this.peek(entry.request)
    }
  }

  /** How a mock with sitemock's own rules, after the same requests, answers this one: whether sitemock's rules refuse what the documents allow. */
  asSitemockWould(request: ContractRequest): Answer {
    if (this.rules === 'sitemock') return this.peek(request)
    const trial = new Oracle(this.workspaceId, undefined, 'sitemock', undefined, false, this.workspaceSites)
    for (const entry of this.sent) {
      if ('change' in entry) trial.takeOn(entry.change)
      else trial.send(entry.request)
    }
    return trial.send(request)
  }

  /** A request that takes no instant of the clock: a read the sequence makes to judge an answer, not one of its steps. */
  peek(request: ContractRequest): Answer {
    const built = buildPath(request.template, request.params, request.query)
    // Written as the target is sent it (pathnameInPath): the mock following the same choice reads it back.
    const path = this.choices?.pathnameInPath === 'segments' ? pathnameAsSegments(built) : built
    const at = path.indexOf('?')
    const key = request.key === undefined ? ORACLE_APP_KEY : request.key
    const response = this.current.handle({
      method: request.method,
      path: at < 0 ? path : path.slice(0, at),
      query: at < 0 ? '' : path.slice(at + 1),
      headers: { accept: 'application/json', ...(key === null ? {} : { 'x-api-key': key }), ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    })
    return { request: { method: request.method, path, ...(request.body === undefined ? {} : { body: request.body }) }, status: response.status, body: response.body }
  }
}
