import type { CheckDefinition } from '../check.js'
import { SITE, SITE_DUPLICATE, SITE_PAGES, SITES } from '../endpoints.js'
import { taggedOrigin } from '../tag.js'
import { schemaCheck } from './schema-probe.js'

/** Schema checks of the site operations: success, 400, 401, 403 and 404 bodies. */
export const siteSchemaChecks: CheckDefinition[] = [
  schemaCheck({
    method: 'POST',
    template: SITES,
    write: true,
    async run(ctx, probe) {
      const workspaceId = ctx.options.workspaceId
      const body = (label: string): Record<string, unknown> => ({ workspaceId, name: `${ctx.tag} ${label}` })
      await probe(201, () => ctx.write('POST', SITES, {}, body('schema')))
      // The tag goes in hostOrigin, since the name breaks the schema: the site stays the run's, were it created.
      await probe(400, () => ctx.write('POST', SITES, {}, { workspaceId, name: 42, hostOrigin: taggedOrigin(ctx.tag) }))
      await probe(401, () => ctx.write('POST', SITES, {}, body('no key'), { key: null }))
      const siteKey = await ctx.fixtures.optionalSiteKey()
      if (siteKey) await probe(403, () => ctx.write('POST', SITES, {}, body('site key'), { key: siteKey.key }))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: SITES,
    async run(ctx, probe) {
      const workspaceId = ctx.options.workspaceId ?? ctx.skip('no --workspace-id: the site list cannot be read')
      await probe(200, () => ctx.get(SITES, {}, { workspaceId }))
      await probe(400, () => ctx.get(SITES, {}, { workspaceId, limit: 0 }))
      await probe(401, () => ctx.get(SITES, {}, { workspaceId }, null))
      const siteKey = await ctx.fixtures.optionalSiteKey()
      if (siteKey) await probe(403, () => ctx.get(SITES, {}, { workspaceId }, siteKey.key))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: SITE,
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      await probe(200, () => ctx.get(SITE, { siteId: site.id }))
      await probe(400, () => ctx.get(SITE, { siteId: 'not-a-uuid' }))
      await probe(401, () => ctx.get(SITE, { siteId: site.id }, {}, null))
      await probe(404, () => ctx.get(SITE, { siteId: ctx.phantomId() }))
      if (ctx.options.otherApiKey) await probe(403, () => ctx.get(SITE, { siteId: site.id }, {}, ctx.options.otherApiKey))
    },
  }),
  schemaCheck({
    method: 'PATCH',
    template: SITE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      await probe(200, () => ctx.write('PATCH', SITE, { siteId: site.id }, { name: site.name }))
      await probe(400, () => ctx.write('PATCH', SITE, { siteId: site.id }, { name: 42, hostOrigin: taggedOrigin(ctx.tag) }))
      await probe(401, () => ctx.write('PATCH', SITE, { siteId: site.id }, { name: site.name }, { key: null }))
      await probe(404, () => ctx.write('PATCH', SITE, { siteId: ctx.phantomId() }, { name: site.name }))
      if (ctx.options.otherApiKey) await probe(403, () => ctx.write('PATCH', SITE, { siteId: site.id }, { name: site.name }, { key: ctx.options.otherApiKey }))
    },
  }),
  schemaCheck({
    method: 'DELETE',
    template: SITE,
    write: true,
    async run(ctx, probe) {
      const doomed = await ctx.fixtures.createSite('schema delete')
      await probe(401, () => ctx.write('DELETE', SITE, { siteId: doomed.id }, undefined, { key: null }))
      await probe(403, () => ctx.write('DELETE', SITE, { siteId: doomed.id }, undefined, { key: doomed.publicApiKey }))
      await probe(404, () => ctx.write('DELETE', SITE, { siteId: ctx.phantomId() }))
      await probe(204, () => ctx.write('DELETE', SITE, { siteId: doomed.id }))
    },
  }),
  schemaCheck({
    method: 'POST',
    template: SITE_DUPLICATE,
    write: true,
    async run(ctx, probe) {
      const site = await ctx.fixtures.sandbox()
      await probe(201, () => ctx.write('POST', SITE_DUPLICATE, { siteId: site.id }, { name: `${ctx.tag} schema copy` }))
      // From a site whose hostOrigin carries the tag, which a copy keeps, were it made.
      await probe(400, async () => ctx.write('POST', SITE_DUPLICATE, { siteId: (await ctx.fixtures.probeSite()).id }, { name: 42 }))
      await probe(401, () => ctx.write('POST', SITE_DUPLICATE, { siteId: site.id }, { name: `${ctx.tag} no key` }, { key: null }))
      await probe(403, () => ctx.write('POST', SITE_DUPLICATE, { siteId: site.id }, { name: `${ctx.tag} site key` }, { key: site.publicApiKey }))
      await probe(404, () => ctx.write('POST', SITE_DUPLICATE, { siteId: ctx.phantomId() }, { name: `${ctx.tag} nothing` }))
    },
  }),
  schemaCheck({
    method: 'GET',
    template: SITE_PAGES,
    specOnly: 'the published OpenAPI does not document GET /v2/sites/{siteId}/pages',
    async run(ctx, probe) {
      const site = await ctx.fixtures.readSite()
      await probe(200, () => ctx.get(SITE_PAGES, { siteId: site.id }))
      await probe(400, () => ctx.get(SITE_PAGES, { siteId: site.id }, { limit: 0 }))
      await probe(401, () => ctx.get(SITE_PAGES, { siteId: site.id }, {}, null))
      await probe(404, () => ctx.get(SITE_PAGES, { siteId: ctx.phantomId() }))
    },
  }),
]
