import { CheckFailure, type CheckContext, type Json } from '../check.js'
import type { ChoiceReason } from '../choice-reasons.js'
import type { Exchange } from '../http-client.js'
import { appendAll } from '../../append.js'
import { someDocumentRequires } from '../response-required.js'

/** JSON with its object keys sorted, so that equal documents compare equal as text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Json).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  )
}

/**
 * The top-level fields whose values differ between two answers about one object. A field one
 * answer leaves out that no document requires (someDocumentRequires: a page's locale, a site's
 * defaultLocalePathPrefix) tells nothing, since a deployment may show it in one answer and not in
 * another: what both show is compared, and a required field always.
 */
export function differingFields(a: Json, b: Json): string[] {
  const objectType = a.object ?? b.object
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  const comparable = (key: string): boolean => (Object.hasOwn(a, key) && Object.hasOwn(b, key)) || someDocumentRequires(objectType, key)
  return [...keys].filter((key) => comparable(key) && canonical(a[key]) !== canonical(b[key]))
}

/** The fields that differ, each as "field read instead of written", for a message. */
export function differenceWords(written: Json, read: Json, fields: string[]): string {
  return fields.map((field) => `${field} ${canonical(read[field])} instead of ${canonical(written[field])}`).join(', ')
}

/** The success status a read or an update answers; anything else fails before the fields are compared. */
function expectOk(ctx: CheckContext, exchange: Exchange, what: string): Json {
  ctx.expectStatus(exchange, 200, what)
  return ctx.json(exchange)
}

/** Fails unless the read-back equals what the write answered. */
export function expectSame(ctx: CheckContext, written: Json, read: Exchange, what: string): void {
  const body = expectOk(ctx, read, what)
  const fields = differingFields(written, body)
  if (fields.length > 0) ctx.fail(`expected the read-back to equal what the write answered, got ${differenceWords(written, body, fields)}: ${what}`, read)
}

/** Fails unless each expected field has the expected value. */
export function expectFields(ctx: CheckContext, exchange: Exchange, expected: Json, what: string): void {
  const body = expectOk(ctx, exchange, what)
  const wrong = Object.keys(expected).filter((key) => canonical(body[key]) !== canonical(expected[key]))
  if (wrong.length > 0) ctx.fail(`expected ${wrong.map((key) => `${key} ${canonical(expected[key])}`).join(', ')}, got ${wrong.map((key) => canonical(body[key])).join(', ')}: ${what}`, exchange)
}

/**
 * Whether a value a target answered is the value sent, in a form a deployment may keep of it: no
 * document says whether names are trimmed, in which case a locale code is stored, or whether a
 * pathname or URL keeps a trailing slash or gets a leading one. What it kept is then its own, and
 * a check holds what it reads back to the answer, not to what it sent.
 */
export function keptAs(sent: unknown, answered: unknown): boolean {
  if (canonical(sent) === canonical(answered)) return true
  if (typeof sent !== 'string' || typeof answered !== 'string') return false
  const form = (text: string): string => text.trim().toLowerCase().replace(/(.)\/+$/, '$1').replace(/^(?!\/)/, '/')
  return form(sent) === form(answered)
}

/** Fails unless each field answered is the value sent, in a form a deployment may keep (keptAs). */
export function expectKept(ctx: CheckContext, exchange: Exchange, sent: Json, what: string): void {
  const body = expectOk(ctx, exchange, what)
  const wrong = Object.keys(sent).filter((key) => !keptAs(sent[key], body[key]))
  if (wrong.length > 0) ctx.fail(`expected ${wrong.map((key) => `${key} ${canonical(sent[key])}`).join(', ')}, got ${wrong.map((key) => canonical(body[key])).join(', ')}: ${what} (as sent, or trimmed, in another case, with or without a trailing slash)`, exchange)
}

/** Every item of a list, following startingAfter with pages of 100. */
export async function listItems(ctx: CheckContext, template: string, query: Record<string, string>, params: Record<string, string> = {}): Promise<Json[]> {
  const all: Json[] = []
  let cursor: string | undefined
  for (let page = 0; page < 1000; page++) {
    const exchange = await ctx.get(template, params, { ...query, limit: 100, startingAfter: cursor })
    ctx.expectStatus(exchange, 200, `listing ${template}`)
    const items = ctx.items(exchange)
    appendAll(all, items)
    if (ctx.json(exchange).hasMore !== true || items.length === 0) return all
    cursor = String(items[items.length - 1]!.id)
  }
  return ctx.fail(`expected the list to end, got more than 1000 pages: listing ${template}`)
}

/**
 * After a delete: no success, which every document that runs the check promises; and a 404
 * not_found, which the service rules add.
 */
export function expectGone(ctx: CheckContext, exchange: Exchange, what: string): void {
  if (exchange.status >= 200 && exchange.status < 300) ctx.fail(`expected ${ctx.spec ? '404' : 'no success after the delete'}, got ${exchange.status}: ${what}`, exchange)
  if (ctx.spec) ctx.expectError(exchange, 404, 'not_found', what)
}

export async function expectListed(ctx: CheckContext, template: string, query: Record<string, string>, id: string, listed: boolean, what: string, params: Record<string, string> = {}): Promise<void> {
  const ids = (await listItems(ctx, template, query, params)).map((item) => String(item.id))
  if (ids.includes(id) !== listed) ctx.fail(`expected ${id} ${listed ? 'in' : 'gone from'} ${template}, got it ${listed ? 'missing' : 'still listed'}: ${what}`)
}

/**
 * Holds the target to a choice of sitemock's that the contract leaves free (`why` names the choice
 * and says where the documents leave it open): the part runs under `sitemockChoice`, and a
 * failure it ends with is recorded there, labelled sitemock behaviour, rather than thrown, so that
 * the check's own document cannot relabel it (a check of the service rules alone would) and the
 * rest of the check still runs. Says whether the target chose otherwise.
 */
export async function holdToSitemockChoice(ctx: CheckContext, why: ChoiceReason, part: () => Promise<void> | void): Promise<boolean> {
  let differs = false
  await ctx.sitemockChoice(why, async () => {
    try {
      await part()
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error
      ctx.record(error.failure)
      differs = true
    }
  })
  return differs
}
