import { CheckFailure, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import type { ContractRequest, Exchange } from '../http-client.js'
import type { SiteRef } from '../fixtures.js'
import { runName } from '../tag.js'
import { routeCollectionAbsent } from '../endpoints.js'
import { isDifference } from '../types.js'

/**
 * A statement of the documents that a behaviour rests on, in their own words: what a check of
 * documented-*.ts holds the target to, and nothing beyond it. Its failures quote it, so that a
 * QA lead reads the rule broken without opening the documents.
 */
export interface DocumentStatement {
  /** The words of the document, as written there. */
  quote: string
  /** Where: the document, then its section or operation and field. */
  where: string
}

/** A check of documented-*.ts: a check, with the statements it rests on. */
export interface DocumentedCheck extends CheckDefinition {
  statements: readonly DocumentStatement[]
}

/** How a failure names its statement: `where: "quote"`. */
export const cite = (statement: DocumentStatement): string => `${statement.where}: "${statement.quote}"`

/** Ends the check with a failure that quotes the statement it breaks. */
export function breaks(ctx: CheckContext, statement: DocumentStatement, message: string, exchange?: Exchange): never {
  return ctx.fail(`${message} (${cite(statement)})`, exchange)
}

/**
 * Runs a setup step; a refusal of it (a failure of the step, e.g. a create that is not a 201) skips
 * the check with the reason instead of failing it: the setup is the check's means, not its subject.
 */
export async function setup<T>(ctx: CheckContext, what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    // A setup only sitemock's choices make (a route where sitemock makes one) is a difference, recorded as such.
    if (error instanceof CheckFailure && !isDifference(error.failure)) ctx.skip(`the target refused the setup (${what}): ${error.failure.message}`)
    throw error
  }
}

/** A site of this run for one check alone, so that its lists hold only what the check made. */
export const ownSite = (ctx: CheckContext, label: string): Promise<SiteRef> => setup(ctx, `creating the ${label} site`, () => ctx.fixtures.createSite(label))

/** A page of this run in the site: a pathname under the run tag, or one given (also under the tag). */
export function newPage(ctx: CheckContext, site: SiteRef, label: string, pathname: string = ctx.fixtures.uniquePath(label)): Promise<Json> {
  return setup(ctx, `creating the page ${pathname}`, () => ctx.create('/v6/pages', { siteId: site.id, pathname, name: runName(ctx.tag, label) }, `creating the page ${pathname}`))
}

/** Sends a setup request and skips the check unless it answered `status`; returns the body. */
export async function setupSend(ctx: CheckContext, request: ContractRequest, status: number, what: string): Promise<Json> {
  const exchange = await ctx.send(request)
  if (routeCollectionAbsent(request.method, request.template, exchange.status)) ctx.fail(`expected ${status}, got ${exchange.status}: ${what}`, exchange)
  if (exchange.status !== status) ctx.skip(`the target refused the setup (${what}): expected ${status}, got ${exchange.status}`)
  return exchange.body !== null && typeof exchange.body === 'object' ? (exchange.body as Json) : {}
}
