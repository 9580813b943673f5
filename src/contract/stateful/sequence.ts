import { documents } from '../judge.js'
import { LOCALES, PAGES, ROUTES, SITE, SITES } from '../endpoints.js'
import type { ContractRequest, Exchange } from '../http-client.js'
import { holdsServiceRules, type CreatedResource, type Profile } from '../types.js'
import type { Command } from './commands.js'
import { compareList, compareValue, Correspondence, inTargetOrder, TimeRelations, type Difference, type Ledger, type ListPage } from './compare.js'
import { ORACLE_APP_KEY, Oracle, type Answer } from './oracle.js'
import { planCall, type Call, type PlanContext } from './plan.js'
import { Both, onSide, Pools, type Family } from './pools.js'

type Json = Record<string, unknown>

/** What a sequence needs of the run: the target, its keys, and where it may write. */
export interface SequenceEnv {
  profile: Profile
  tag: string
  workspaceId: string
  appKey: string
  /** --other-api-key, when given. */
  tenantKey?: string
  /** Sends to the target through the suite's client: paced, guarded, every create recorded for cleanup. */
  send(request: ContractRequest): Promise<Exchange>
  phantomId(): string
  /** Tells the suite of a resource learned from a list of a site the run made. */
  adopt(resource: CreatedResource): void
  /** The last site of the target's list that the run did not make (read once per run). */
  siteAnchor(): Promise<string | undefined>
}

/** One request of a transcript and the two answers. */
export interface Step {
  label: string
  target: Answer
  oracle: Answer
}

export interface Divergence {
  /** The command at fault, by its index in the sequence; -1 for the setup. */
  command: number
  difference: Difference
  exchange: Exchange
}

export interface SequenceResult {
  steps: Step[]
  divergence?: Divergence
}

const RESOURCES = new Set(['site', 'locale', 'page', 'route'])
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const asPage = (body: unknown): ListPage | undefined => (isObject(body) && Array.isArray(body.data) ? { data: body.data as Json[], hasMore: body.hasMore } : undefined)
const nameOf = (item: Json): string => String(item.pathname ?? item.locale ?? item.name ?? item.id)

/**
 * Runs one sequence in lockstep: each request goes to the target, then to the oracle, and the
 * answers are compared before the next one. The sequence starts by creating two sites (the own
 * site and another site of the run, whose keys the commands use) and ends by deleting every
 * site it made on the target.
 */
export async function runSequence(env: SequenceEnv, commands: Command[]): Promise<SequenceResult> {
  const oracle = new Oracle(env.workspaceId, env.tenantKey)
  const pools = new Pools()
  const ledger: Ledger = { ids: new Correspondence(), times: new TimeRelations() }
  const current = new Map<string, Json>()
  const steps: Step[] = []
  const madeSites: string[] = []
  const appKey = new Both(env.appKey, ORACLE_APP_KEY)
  const plan: PlanContext = {
    tag: env.tag,
    profile: env.profile,
    workspaceId: env.workspaceId,
    appKey,
    tenantKey: env.tenantKey === undefined ? undefined : new Both(env.tenantKey, oracle.tenantKey),
    siteAnchor: commands.some((command) => command.op === 'site.list') ? await env.siteAnchor() : undefined,
    pools,
    current: (id) => current.get(id),
    phantomId: env.phantomId,
  }

  const remember = (body: unknown): void => {
    for (const item of asPage(body)?.data ?? [body]) if (isObject(item) && RESOURCES.has(String(item.object)) && typeof item.id === 'string') current.set(item.id, item)
  }

  const expectedPage = (call: Call, answer: Answer): ListPage | undefined => {
    const list = call.list!
    if (list.kind === 'direct') return asPage(answer.body)
    const whole = asPage(oracle.send(onSide(list.whole, 'oracle')).body)?.data ?? []
    const field = list.sortBy === 'path' ? 'pathname' : list.sortBy
    const tieKey = (item: Json): unknown => (field === 'createdAt' || field === 'updatedAt' ? (ledger.times.targetOf(String(item[field])) ?? item[field]) : item[field])
    const ordered = inTargetOrder(ledger, whole, tieKey)
    const start = list.cursor === undefined ? 0 : ordered.findIndex((item) => item.id === list.cursor) + 1
    return { data: ordered.slice(start, start + list.limit), hasMore: start + list.limit < ordered.length }
  }

  const compare = (call: Call, target: Exchange, answer: Answer): Difference | undefined => {
    const { method, template } = call.request
    // Under the published profile, only what that document declares for the operation is compared.
    if (env.profile === 'published' && !documents('published', method, template, answer.status)) return undefined
    if (target.status !== answer.status) return { aspect: 'status', message: `expected ${answer.status} as the oracle answers, got ${target.status}` }
    if (answer.status >= 400) return holdsServiceRules(env.profile) ? compareError(target.body, answer.body) : undefined
    if (answer.status === 204) return undefined
    if (!call.list) return compareValue(ledger, target.body, answer.body, '')
    const page = asPage(target.body)
    if (!page) return { aspect: 'list', message: 'the answer is not a list' }
    return compareList(ledger, page, expectedPage(call, answer)!, nameOf)
  }

  const perform = async (call: Call, index: number): Promise<Divergence | undefined> => {
    const target = await env.send(onSide(call.request, 'target'))
    const answer = oracle.send(onSide(call.request, 'oracle'))
    remember(answer.body)
    steps.push({ label: call.label, target: { request: target.request, status: target.status, body: target.body }, oracle: answer })
    const difference = compare(call, target, answer)
    if (difference) return { command: index, difference, exchange: target }
    if (!call.created || target.status >= 300 || answer.status >= 300 || !isObject(target.body) || !isObject(answer.body)) return undefined
    const id = new Both(String(target.body.id), String(answer.body.id))
    if (call.created.family !== 'site') {
      pools.addChild(call.created.family, { id, site: call.created.site })
      return undefined
    }
    madeSites.push(id.target)
    const site = pools.addSite({ id, key: new Both(String(target.body.publicApiKey), String(answer.body.publicApiKey)) })
    // A new site's default locale, and a copy's locales, pages and routes, are learned from their lists.
    const learn: Array<[Family, string, Json]> = [['locale', LOCALES, {}]]
    if (call.request.template !== SITES) learn.push(['page', PAGES, { includeOffline: 'true' }], ...(holdsServiceRules(env.profile) ? [['route', ROUTES, {}] as [Family, string, Json]] : []))
    for (const [family, template, query] of learn) {
      const listCall: Call = { label: `learning the ${family}s of the new site`, request: { method: 'GET', template, query: { siteId: id, limit: 100, ...query }, key: appKey }, list: { kind: 'direct' } }
      const found = await perform(listCall, index)
      if (found) return found
      for (const item of asPage(steps[steps.length - 1]!.oracle.body)?.data ?? []) {
        const targetId = ledger.ids.target(String(item.id))
        if (targetId === undefined) continue
        env.adopt({ kind: family, id: targetId, siteId: id.target, label: nameOf(item) })
        pools.addChild(family, { id: new Both(targetId, String(item.id)), site })
      }
    }
    return undefined
  }

  try {
    for (const label of ['own', 'other']) {
      const call: Call = { label: `setup: the ${label} site`, request: { method: 'POST', template: SITES, body: { workspaceId: env.workspaceId, name: `${env.tag} ${label}` }, key: appKey }, created: { family: 'site' } }
      const divergence = await perform(call, -1)
      if (divergence) return { steps, divergence }
    }
    if (pools.sites.length < 2) throw new Error(`the sequence could not create its two sites (POST /v2/sites answered ${steps[steps.length - 1]?.target.status})`)
    for (const [index, command] of commands.entries()) {
      const call = planCall(command, plan)
      if (!call) continue
      const divergence = await perform(call, index)
      if (divergence) return { steps, divergence }
    }
    return { steps }
  } finally {
    // What the sequence made goes at once, so the next one starts from the same workspace; the run's cleanup catches the rest.
    for (const siteId of madeSites.reverse()) await env.send({ method: 'DELETE', template: SITE, params: { siteId } }).catch(() => undefined)
  }
}

/** Two error answers: the same code and, where the oracle names fields, the same fields. */
function compareError(target: unknown, oracle: unknown): Difference | undefined {
  const o = isObject(oracle) ? oracle : {}
  const t = isObject(target) ? target : {}
  if (t.code !== o.code) return { aspect: 'error code', message: `the error code is ${JSON.stringify(t.code)}, expected ${JSON.stringify(o.code)}` }
  const fields = (body: Json): string => (Array.isArray(body.details) ? body.details.map((detail) => String((detail as Json).field)).sort().join(', ') : '')
  if (fields(t) !== fields(o)) return { aspect: 'error details', message: `the 400 names ${fields(t) || 'no field'}, expected ${fields(o)}` }
  return undefined
}
