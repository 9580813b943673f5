import type { ContractRequest } from '../../src/contract/http-client.js'
import type { Occurrence, Reply } from '../../src/contract/stateful/freedom-classes.js'

/**
 * One request of a sequence as a class of freedom reads it, for the classes' unit tests: the
 * oracle's answer (the target's too, unless `more` says otherwise) and the oracle's reads, each
 * stamped as an Answer is.
 */
export function occurrenceOf(request: ContractRequest, oracle: Reply, peek: (request: ContractRequest) => Reply, more: Partial<Occurrence> = {}): Occurrence {
  return {
    request,
    oracle: { ...oracle, request: { method: request.method, path: '' } } as Occurrence['oracle'],
    target: oracle,
    ownSiteKey: false,
    classes: {},
    peek: (asked) => ({ ...peek(asked), request: { method: asked.method, path: '' } }) as ReturnType<Occurrence['peek']>,
    ...more,
  }
}
