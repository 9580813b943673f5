import { apiRoutes, operations } from '../api/operations.js'
import { invalidField } from '../api/errors.js'
import { compileValidator } from '../api/validate.js'
import type { Fault, FaultList, FaultRequest } from '../generated/types.js'
import { createRandom, type RandomSource } from '../random.js'
import { operationsOfRoute } from './fault-route.js'

/** contracts/schemas/control-fault.json: the one check of a fault, from code, HTTP, the CLI or a page alike. */
const validateFault = compileValidator<FaultRequest>('control-fault.json', 'body')

export interface FaultDecision {
  /** Milliseconds to wait: the longest latency any matching fault draws. */
  delayMs: number
  /** The fault that fails this request, when one does. */
  failure?: Fault
}

/**
 * The active faults and the seeded random source of their draws: the same seed and the same
 * sequence of requests give the same delays and the same failures.
 */
export class FaultSet {
  private faults: Fault[] = []
  private nextId = 1
  private random: RandomSource
  /** What restart() returns to: the faults the mock was configured with (--latency, --error-rate). */
  private start: { faults: Fault[]; nextId: number; seed: number }

  constructor(private seed: number) {
    this.random = createRandom(seed)
    this.start = { faults: [], nextId: 1, seed }
  }

  get size(): number {
    return this.faults.length
  }

  list(): FaultList {
    return { seed: this.seed, faults: [...this.faults] }
  }

  /**
   * Adds a fault after checking it as POST /__mock/faults does (control-fault.json, then what a
   * schema cannot say): a bad one throws a 400 ApiError naming the field. A seed restarts the draws.
   */
  add(body: FaultRequest): Fault {
    const request = validateFault(body)
    if (request.status !== undefined && request.drop !== undefined) {
      throw invalidField('drop', 'cannot be sent with status; a failing request either answers a status or drops the connection')
    }
    const latency: [number, number] | null =
      request.latencyMs === undefined ? null : typeof request.latencyMs === 'number' ? [request.latencyMs, request.latencyMs] : request.latencyMs
    if (latency && latency[0] > latency[1]) throw invalidField('latencyMs', `is not a range; the minimum ${latency[0]} is above the maximum ${latency[1]}`)
    const fails = request.status !== undefined || request.drop !== undefined || request.errorRate !== undefined
    if (!latency && !fails) throw invalidField('(body)', 'sets no fault; send latencyMs, errorRate, status or drop')
    const fault: Fault = {
      id: this.nextId++,
      route: request.route ?? null,
      operations: request.route === undefined ? operations.map((o) => o.operationId) : operationsOfRoute(request.route, operations, matchOperation),
      latencyMs: latency,
      errorRate: fails ? (request.errorRate ?? 1) : 0,
      status: request.drop === undefined && fails ? (request.status ?? 500) : null,
      drop: request.drop ?? null,
    }
    if (request.seed !== undefined) this.reseed(request.seed)
    this.faults.push(fault)
    return fault
  }

  /** Removes one fault; false when there is none with that id. */
  remove(id: number): boolean {
    const before = this.faults.length
    this.faults = this.faults.filter((fault) => fault.id !== id)
    return this.faults.length < before
  }

  /** Removes every fault and restarts the draws from the seed. */
  clear(): void {
    this.faults = []
    this.reseed(this.seed)
  }

  /**
   * Makes the faults active now the ones restart() returns to. createMock calls it once its
   * options' faults are in, so a test's reset removes only what tests added.
   */
  keepAsStart(): void {
    this.start = { faults: [...this.faults], nextId: this.nextId, seed: this.seed }
  }

  /** Back to the faults kept as the start, with their draws from the start's seed again (mock.reset()). */
  restart(): void {
    this.faults = [...this.start.faults]
    this.nextId = this.start.nextId
    this.reseed(this.start.seed)
  }

  /** What the faults do to one request of this operation. The newest failing fault wins. */
  decide(operationId: string): FaultDecision {
    let delayMs = 0
    let failure: Fault | undefined
    for (let i = this.faults.length - 1; i >= 0; i--) {
      const fault = this.faults[i]!
      if (!fault.operations.includes(operationId)) continue
      if (fault.latencyMs) {
        const [min, max] = fault.latencyMs
        delayMs = Math.max(delayMs, min + Math.floor(this.random.next() * (max - min + 1)))
      }
      // Every matching fault draws, failing or not, so one fault's draws never depend on another's outcome.
      if (fault.errorRate > 0 && this.random.next() < fault.errorRate) failure ??= fault
    }
    return failure ? { delayMs, failure } : { delayMs }
  }

  private reseed(seed: number): void {
    this.seed = seed
    this.random = createRandom(seed)
  }
}

function matchOperation(method: string, path: string) {
  const match = apiRoutes.match(method, path)
  return match.kind === 'found' ? match.operation : undefined
}
