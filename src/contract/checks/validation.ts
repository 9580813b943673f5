import type { HttpMethod } from '../../api/types.js'
import { idOf, specOnly, type CheckContext, type CheckDefinition, type Json } from '../check.js'
import { LOCALE, LOCALES, PAGE, PAGES, ROUTE, ROUTES, SITE, SITE_DUPLICATE, SITE_PAGES, SITES, operationAt } from '../endpoints.js'
import { contractsSchema, invalidCases, publishedBodySchema, publishedQuerySchema, type InvalidCase } from '../invalid-cases.js'
import { documents } from '../judge.js'
import { taggedOrigin } from '../tag.js'
import { holdsServiceRules, type Profile } from '../types.js'
import { pageUpdate } from '../page-update.js'

/** Where invalid input goes: the operation, its path parameters, and a valid input to break one field of. */
interface Target {
  method: HttpMethod
  template: string
  in: 'body' | 'query' | 'params'
  /** The path parameters for a probe of `field`. */
  params(ctx: CheckContext, field: string): Promise<Record<string, string>>
  valid(ctx: CheckContext): Promise<Json>
  /** A write's valid body, where its query is what is broken. */
  body?(ctx: CheckContext): Promise<Json>
  /** The fields probed, where not every field of the schema is this target's to break. */
  fields?: readonly string[]
}

const none = async (): Promise<Record<string, string>> => ({})
const sandboxId = async (ctx: CheckContext): Promise<string> => (await ctx.fixtures.sandbox()).id
const readSiteId = async (ctx: CheckContext): Promise<string> => (await ctx.fixtures.readSite()).id
/** Updates go to resources made for this group alone, so a wrongly accepted value harms no other check. */
const target = (ctx: CheckContext, family: 'site' | 'locale' | 'route'): Promise<string> =>
  ctx.fixtures.once(`validation-${family}`, async () =>
    // The site's hostOrigin carries the tag as well: a rename or copy to a name without it leaves the tag there, were it accepted.
    family === 'site' ? (await ctx.fixtures.createSite('validation', { hostOrigin: taggedOrigin(ctx.tag) })).id : idOf(await ctx.fixtures.createIn(family, await ctx.fixtures.sandbox(), 'validation')),
  )

/** Where the locale create probes go: a site of their own, as a target may cap a site's locales and a wrongly accepted value takes one. */
const localeProbeSiteId = async (ctx: CheckContext): Promise<string> => (await ctx.fixtures.once('validation-locales', () => ctx.fixtures.createSite('validation locales'))).id

/** The page the page update probes change, as created: a deployment may want its pathname in every update. */
const targetPage = (ctx: CheckContext): Promise<Json> => ctx.fixtures.once('validation-page-made', async () => ctx.fixtures.createIn('page', await ctx.fixtures.sandbox(), 'validation'))

/**
 * The site a hostOrigin probe renames: one of its own, whose name alone carries the tag, so that
 * a name probe a lenient target accepted (an empty name, which leaves the tag in hostOrigin only)
 * can never leave a hostOrigin probe with no field to keep the tag, which the safety guard refuses.
 */
const originTarget = (ctx: CheckContext): Promise<string> => ctx.fixtures.once('validation-site-origin', async () => (await ctx.fixtures.createSite('validation origin')).id)

/** The site a PATCH of the site probes: by the field it breaks. */
const siteUpdateTarget = (ctx: CheckContext, field: string): Promise<string> => (field === 'hostOrigin' ? originTarget(ctx) : target(ctx, 'site'))

const TARGETS: Target[] = [
  { method: 'POST', template: SITES, in: 'body', params: none, valid: async (ctx) => ({ workspaceId: ctx.options.workspaceId, name: `${ctx.tag} validation`, hostOrigin: taggedOrigin(ctx.tag) }) },
  { method: 'PATCH', template: SITE, in: 'body', params: async (ctx, field) => ({ siteId: await siteUpdateTarget(ctx, field) }), valid: async () => ({}) },
  { method: 'POST', template: SITE_DUPLICATE, in: 'body', params: async (ctx) => ({ siteId: await target(ctx, 'site') }), valid: async (ctx) => ({ name: `${ctx.tag} validation copy` }) },
  { method: 'POST', template: LOCALES, in: 'body', params: none, valid: async (ctx) => ({ siteId: await localeProbeSiteId(ctx), locale: ctx.fixtures.localeCode(await localeProbeSiteId(ctx)) }) },
  { method: 'PATCH', template: LOCALE, in: 'body', params: async (ctx) => ({ localeIdOrCode: await target(ctx, 'locale') }), valid: async () => ({}) },
  { method: 'POST', template: PAGES, in: 'body', params: none, valid: async (ctx) => ({ siteId: await sandboxId(ctx), pathname: ctx.fixtures.uniquePath('validation'), name: `${ctx.tag} validation` }) },
  { method: 'PATCH', template: PAGE, in: 'body', params: async (ctx) => ({ pageIdOrPathname: idOf(await targetPage(ctx)) }), valid: async (ctx) => pageUpdate(ctx.options, await targetPage(ctx), {}) },
  { method: 'POST', template: ROUTES, in: 'body', params: none, valid: async (ctx) => ({ siteId: await sandboxId(ctx), pathname: ctx.fixtures.uniquePath('validation') }) },
  { method: 'PATCH', template: ROUTE, in: 'body', params: async (ctx) => ({ routeIdOrPathname: await target(ctx, 'route') }), valid: async () => ({}) },
  // The specification's skipValidation (enum true | false) on Update Route; a siteId beside the id is siteIdBesideId's to read.
  {
    method: 'PATCH',
    template: ROUTE,
    in: 'query',
    params: async (ctx) => ({ routeIdOrPathname: await target(ctx, 'route') }),
    valid: async () => ({}),
    body: async (ctx) => ({ pathname: ctx.fixtures.uniquePath('validation') }),
    fields: ['skipValidation'],
  },
  { method: 'GET', template: SITES, in: 'query', params: none, valid: async (ctx) => ({ workspaceId: ctx.options.workspaceId ?? ctx.skip('no --workspace-id') }) },
  { method: 'GET', template: LOCALES, in: 'query', params: none, valid: async (ctx) => ({ siteId: await readSiteId(ctx) }) },
  { method: 'GET', template: PAGES, in: 'query', params: none, valid: async (ctx) => ({ siteId: await readSiteId(ctx) }) },
  { method: 'GET', template: ROUTES, in: 'query', params: none, valid: async (ctx) => ({ siteId: await readSiteId(ctx) }) },
  { method: 'GET', template: SITE_PAGES, in: 'query', params: async (ctx) => ({ siteId: await readSiteId(ctx) }), valid: async () => ({}) },
  { method: 'GET', template: SITE, in: 'params', params: async (ctx) => ({ siteId: await readSiteId(ctx) }), valid: async () => ({}) },
  { method: 'GET', template: SITE_PAGES, in: 'params', params: async (ctx) => ({ siteId: await readSiteId(ctx) }), valid: async () => ({}) },
]

/** Pagination parameters have their own group. */
const PAGINATION = ['limit', 'startingAfter']

function schemaOf(profile: Profile, target: Target): { schema: Record<string, unknown>; base: string } | undefined {
  if (profile === 'published') return target.in === 'params' ? undefined : publishedSchemaOf(target)
  const operation = operationAt(target.method, target.template)
  const file = target.in === 'body' ? operation?.body : target.in === 'query' ? operation?.query : operation?.params
  return file ? contractsSchema(file) : undefined
}

function describeCase(c: InvalidCase): string {
  if (c.kind === 'missing') return `a missing ${c.field}`
  if (c.kind === 'not accepted') return `${c.field} sent at all (not accepted)`
  return `${c.field} = ${JSON.stringify(c.value)} (${c.kind})`
}

const slug = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')

const WHAT_A_KIND_NEEDS: Record<InvalidCase['kind'], string> = {
  missing: 'does not require a value',
  'wrong type': 'sets no type that refuses this value',
  'invalid value': 'sets no format, pattern or list of values',
  'out of range': 'sets no bounds',
  'not accepted': 'does not refuse a value',
}

const publishedSchemaOf = (target: Target): { schema: Record<string, unknown>; base: string } | undefined =>
  target.in === 'body' ? publishedBodySchema(target.method, target.template) : publishedQuerySchema(target.method, target.template, target.in === 'params' ? 'path' : 'query')

/**
 * Whether the published OpenAPI makes the promise a case of the service rules checks: it declares
 * a 400 for the operation and its own schema refuses the same field the same way. When it does
 * not, the check is one of the service rules alone, and says why (or where the documents disagree).
 */
function publishedStance(target: Target, c: InvalidCase): Pick<CheckDefinition, 'profiles' | 'unpromised' | 'disagreement'> {
  const operation = `${target.method} ${target.template}`
  if (!documents('published', target.method, target.template, 400)) return specOnly(`the published OpenAPI declares no 400 for ${operation}`)
  const found = publishedSchemaOf(target)
  const properties = (found?.schema.properties ?? {}) as Record<string, unknown>
  if (!(c.field in properties)) return specOnly(`the published OpenAPI's ${operation} has no ${c.field}`)
  if (c.kind === 'not accepted') return { ...specOnly(`the published OpenAPI's ${operation} accepts ${c.field}`), disagreement: `the published OpenAPI's ${operation} accepts ${c.field}, which the specification refuses` }
  const promised = invalidCases(found!.schema, found!.base, { asText: target.in !== 'body', skip: PAGINATION }).some((other) => other.field === c.field && other.kind === c.kind)
  return promised ? {} : specOnly(`the published OpenAPI's ${operation} ${WHAT_A_KIND_NEEDS[c.kind]} for ${c.field}`)
}

function caseCheck(target: Target, c: InvalidCase, id: string, profile: Profile): CheckDefinition {
  return {
    id,
    group: 'validation',
    name: `${target.method} ${target.template}: ${describeCase(c)} is a 400 naming ${c.field}`,
    ...(holdsServiceRules(profile) ? publishedStance(target, c) : {}),
    needs: target.method === 'GET' ? [] : ['write'],
    async run(ctx) {
      const params = await target.params(ctx, c.field)
      const valid = await target.valid(ctx)
      const broken: Json = { ...valid }
      if (c.kind === 'missing') delete broken[c.field]
      else broken[c.field] = c.value
      const exchange =
        target.in === 'body'
          ? await ctx.write(target.method as Exclude<HttpMethod, 'GET'>, target.template, params, broken)
          : target.in === 'query' && target.body !== undefined
            ? await ctx.write(target.method as Exclude<HttpMethod, 'GET'>, target.template, params, await target.body(ctx), { query: broken as Record<string, string> })
            : target.in === 'query'
              ? await ctx.get(target.template, params, broken as Record<string, string>)
            : await ctx.get(target.template, { ...params, [c.field]: String(c.value) })
      ctx.expectBadRequest(exchange, c.field, describeCase(c))
    },
  }
}

/** The generated checks: one per invalid field value, from the profile's own document. */
export function generatedValidationChecks(profile: Profile): CheckDefinition[] {
  const checks: CheckDefinition[] = []
  for (const target of TARGETS) {
    if (profile === 'published' && !documents('published', target.method, target.template, 400)) continue
    const found = schemaOf(profile, target)
    if (!found) {
      if (holdsServiceRules(profile) && !operationAt(target.method, target.template)) checks.push(missingContract(target))
      continue
    }
    const cases = invalidCases(found.schema, found.base, { asText: target.in !== 'body', skip: PAGINATION }).filter((c) => target.fields === undefined || target.fields.includes(c.field))
    const seen = new Map<string, number>()
    // A path parameter is always text: only its value can be refused.
    for (const c of cases.filter((c) => target.in !== 'params' || c.kind === 'invalid value')) {
      const base = `validation.${target.method.toLowerCase()}.${slug(target.template)}.${c.field}.${slug(c.kind)}`
      const n = (seen.get(base) ?? 0) + 1
      seen.set(base, n)
      checks.push(caseCheck(target, c, n === 1 ? base : `${base}-${n}`, profile))
    }
  }
  return checks
}

function missingContract(target: Target): CheckDefinition {
  return {
    id: `validation.${target.method.toLowerCase()}.${slug(target.template)}`,
    group: 'validation',
    name: `${target.method} ${target.template}: invalid ${target.in} is refused`,
    async run(ctx) {
      ctx.fail(`sitemock's operation table has no ${target.method} ${target.template}, so its ${target.in} schema is unknown`)
    },
  }
}
