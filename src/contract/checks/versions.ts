import { specOnly, type CheckDefinition } from '../check.js'
import { LOCALES, PAGES, ROUTES, SITE, SITE_PAGES } from '../endpoints.js'

export const versionChecks: CheckDefinition[] = [
  {
    id: 'versions.documented',
    group: 'versions',
    name: 'the documented path versions respond: /v2 for sites, locales and routes, /v6 for pages',
    async run(ctx) {
      const site = await ctx.fixtures.readSite()
      ctx.expectStatus(await ctx.get(SITE, { siteId: site.id }), 200, `GET ${SITE}`)
      ctx.expectStatus(await ctx.get(LOCALES, {}, { siteId: site.id }), 200, `GET ${LOCALES}`)
      ctx.expectStatus(await ctx.get(PAGES, {}, { siteId: site.id }), 200, `GET ${PAGES}`)
      if (!ctx.spec) return
      ctx.expectStatus(await ctx.get(ROUTES, {}, { siteId: site.id }), 200, `GET ${ROUTES}`)
      ctx.expectStatus(await ctx.get(SITE_PAGES, { siteId: site.id }), 200, `GET ${SITE_PAGES}`)
    },
  },
  {
    id: 'versions.undocumented',
    group: 'versions',
    name: 'an undocumented path version is a 404',
    ...specOnly('the published OpenAPI lists its own paths and says nothing of others'),
    async run(ctx) {
      const site = await ctx.fixtures.readSite()
      const paths = [`/v1/sites/${site.id}`, `/v3/sites/${site.id}`, `/v1/locales?siteId=${site.id}`, `/v2/pages?siteId=${site.id}`, `/v5/pages?siteId=${site.id}`, `/v7/pages?siteId=${site.id}`, `/v1/routes?siteId=${site.id}`, `/v6/routes?siteId=${site.id}`]
      for (const path of paths) {
        const exchange = await ctx.send({ method: 'GET', template: path.split('?')[0]!, rawPath: path })
        ctx.expectError(exchange, 404, 'not_found', `GET ${path}`)
      }
    },
  },
]
