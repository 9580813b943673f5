import type { HttpMethod } from '../../api/types.js'
import { failureOf, specOnly, type CheckContext, type CheckDefinition } from '../check.js'
import { operationAt } from '../endpoints.js'
import type { Exchange } from '../http-client.js'
import { judgeExchange } from '../exchange-rules.js'
import { documents, promisedBy } from '../judge.js'
import { holdsServiceRules } from '../types.js'

/**
 * Sends one request meant to get `intended` and judges whatever comes back. A request whose
 * intended status the profile's document does not declare is not sent (the published OpenAPI
 * declares no 401, for instance).
 */
export type Probe = (intended: number, send: () => Promise<Exchange>) => Promise<Exchange | undefined>

export interface SchemaRecipe {
  method: HttpMethod
  template: string
  /** The recipe creates, updates or deletes (its own resources only). */
  write?: boolean
  /** Set when the published OpenAPI lacks the operation: why the published profile skips it. */
  specOnly?: string
  run(context: CheckContext, probe: Probe): Promise<void>
}

const slug = (template: string): string =>
  template
    .replace(/^\//, '')
    .replace(/\{(\w+)\}/g, '$1')
    .replace(/[^A-Za-z0-9]+/g, '-')

/** One schema check per operation: its success and error responses, each judged against the profile's document. */
export function schemaCheck(recipe: SchemaRecipe): CheckDefinition {
  const { method, template } = recipe
  return {
    id: `schema.${method.toLowerCase()}.${slug(template)}`,
    group: 'schema',
    name: `${method} ${template} answers documented statuses with JSON bodies that match their schemas`,
    ...(recipe.specOnly ? specOnly(recipe.specOnly) : {}),
    needs: recipe.write ? ['write'] : [],
    async run(context) {
      const operation = operationAt(method, template)
      if (context.spec && !operation) context.fail(`sitemock's operation table has no ${method} ${template}, so its contract is unknown`)
      const success = operation?.success.status ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200)
      let sent = 0
      const probe: Probe = async (intended, send) => {
        if (!documents(context.profile, method, template, intended)) return undefined
        sent++
        const exchange = await send()
        for (const failure of judgeExchange(context.profile, exchange)) context.record(failure)
        if (intended === success && exchange.status !== success) {
          context.record(failureOf(`expected ${success}, so that the success body can be checked; got ${exchange.status}`, promisedBy(context.profile, method, template, success), exchange))
        }
        return exchange
      }
      await recipe.run(context, probe)
      if (sent === 0) context.skip(`the ${holdsServiceRules(context.profile) ? 'operation table' : 'published OpenAPI'} declares none of the statuses this check provokes`)
    },
  }
}
