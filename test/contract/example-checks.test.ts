import { describe, expect, it } from 'vitest'
import type { Group, Profile } from '../../src/contract/types.js'
import { EXAMPLE_DEFECTS, type ExampleDefect } from './example-defects.js'
import { startNonconforming } from './nonconforming-server.js'
import { check, describeFailures, runAgainst, withStatus } from './support.js'

interface Case {
  defect: ExampleDefect
  group: Group
  /** The example check that must report it, and the start of what its failure says. */
  caughtBy: string
  says: RegExp
  /** Where the defect is a conforming choice of the documents, the profile that holds the target to sitemock's. */
  profile?: Profile
}

// What a delete does beyond the deleted resource, and the order of sites and routes, are sitemock's choices
// (no document states them): those defects are caught under --profile sitemock, and differ by default.
const CASES: Case[] = [
  { defect: 'sort-direction-ignored', group: 'pagination', caughtBy: 'pagination.pages.order.title-desc', says: /^expected the pages by title descending under any collation \(UTF-16 code unit, case-insensitive, locale-aware, case- and accent-insensitive\), got / },
  { defect: 'title-sort-ignores-case', group: 'pagination', caughtBy: 'pagination.pages.order.title-asc', says: /^expected the pages by title ascending by UTF-16 code unit, got .*\("beta"\) before .*\("Zeta"\) \(a case-insensitive order\)/, profile: 'sitemock' },
  // Nulls first is a choice (nullsSort) the run learns and holds the target to; the defect is that each page of the list is sorted on its own, which the walk sees.
  { defect: 'null-titles-sort-first', group: 'pagination', caughtBy: 'pagination.pages.order.title-asc', says: /^expected the items it shares with the walk with limit 100 in the same order, got another order: sortBy=title&sortDirection=asc/ },
  { defect: 'has-more-at-exact-limit', group: 'pagination', caughtBy: 'pagination.pages.boundaries', says: /^expected hasMore false, got true: limit=23, 23 items left/ },
  { defect: 'cursor-drops-next-item', group: 'pagination', caughtBy: 'pagination.locales.boundaries', says: /^expected the \d+ items after the cursor, got \d+ \(lost [\w-]+\): limit=\d+ after item 5 of 23/ },
  { defect: 'site-delete-leaves-children', group: 'lifecycle', caughtBy: 'lifecycle.cascade.site-delete', says: /^expected 404, got 200: reading locale [\w-]+ of the deleted site/, profile: 'sitemock' },
  { defect: 'updated-at-frozen', group: 'lifecycle', caughtBy: 'lifecycle.timestamps.page', says: /^expected updatedAt to move past the page's last change, got .*, not after .*: after a rename/ },
  { defect: 'created-at-follows-update', group: 'lifecycle', caughtBy: 'lifecycle.timestamps.page', says: /^expected createdAt to stay as it was, got .* instead of .*: after a rename/ },
  { defect: 'page-rename-conflict-ignored', group: 'conflicts', caughtBy: 'conflicts.page-update-onto-page', says: /^expected 409, got 200: moving the page onto / },
  { defect: 'page-rename-conflict-ignored', group: 'conflicts', caughtBy: 'conflicts.page-update-onto-route', says: /^expected 409, got 200: moving the page onto / },
  { defect: 'route-over-page-accepted', group: 'conflicts', caughtBy: 'conflicts.route-over-page', says: /^expected 409, got 201: a route over the page at / },
  { defect: 'locale-rename-conflict-ignored', group: 'conflicts', caughtBy: 'conflicts.locale-code', says: /^expected 409, got 200: renaming [a-z]{2}-[A-Z]{2} to / },
  { defect: 'site-key-reaches-objects-by-id', group: 'auth', caughtBy: 'auth.object.site-key.page', says: /^expected 403, got 200: reading the page by id with another site's Site key/ },
  { defect: 'site-key-reaches-objects-by-id', group: 'auth', caughtBy: 'auth.object.site-key.route', says: /^expected 403, got 200: reading the route by id with another site's Site key/ },
  { defect: 'page-delete-takes-below', group: 'lifecycle', caughtBy: 'lifecycle.cascade.page-delete', says: /^expected 200, got 404: reading \/contract-[0-9a-f]+\/doomed-\d+\/below after another page was deleted/, profile: 'sitemock' },
  { defect: 'routes-listed-by-id', group: 'pagination', caughtBy: 'pagination.routes.order', says: /^expected GET \/v2\/routes by pathname, got [\w-]+ \("\/.*"\) before [\w-]+ \("\/.*"\)/, profile: 'sitemock' },
  { defect: 'sites-listed-newest-first', group: 'pagination', caughtBy: 'pagination.sites.order', says: /^expected GET \/v2\/sites oldest first, got [\w-]+ \("created 003"\) before [\w-]+ \("created 002"\)/, profile: 'sitemock' },
  { defect: 'other-workspace-writes-by-id', group: 'auth', caughtBy: 'auth.object.other-workspace.locale', says: /^expected 403, got 200: changing the locale with another workspace's App key/ },
]

describe('the example checks against servers with defects only semantics show', () => {
  it('has a case for every defect', () => {
    expect(new Set(CASES.map((c) => c.defect))).toEqual(new Set(EXAMPLE_DEFECTS))
  })

  it.each(CASES)('$caughtBy reports $defect, and every answer stays schema-valid', async ({ defect, group, caughtBy, says, profile }) => {
    const server = await startNonconforming([defect])
    try {
      const report = await runAgainst(server.url, server.mock, { only: [group, 'schema'], concurrency: 4, ...(profile ? { profile } : {}) })
      const result = check(report, caughtBy)
      expect(result.status, describeFailures(report)).toBe('failed')
      expect(result.failures[0]!.message).toMatch(says)
      expect(result.failures[0]!.request).toBeDefined()
      // The defect is one of semantics: the schema group sees nothing wrong.
      expect(withStatus(report, 'failed').filter((failed) => failed.group === 'schema').map((failed) => failed.id)).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('reports the relation a check broke and holds the free ones to what was learned: updatedAt frozen after each write', async () => {
    const server = await startNonconforming(['updated-at-frozen'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['lifecycle'], concurrency: 4 })
      const failures = check(report, 'lifecycle.timestamps.page').failures.map((failure) => [failure.message, failure.documents])
      expect(failures).toEqual([
        [expect.stringMatching(/^expected updatedAt to move past the page's last change, got .*: after a rename$/), ['specification']],
        // Whether turning a page offline, or an empty update, moves updatedAt is free
        // (onlineUpdatedAt, emptyPatchUpdatedAt): the run learned first that this target leaves it,
        // and holds it to that, so neither is a difference.
      ])
    } finally {
      await server.close()
    }
  })

  // The published page update does not take titles or descriptions: a target may ignore them. The
  // sorts by them still run, on the values the pages read back with, and skip nothing.
  it('runs the sorts by title and description on the texts the pages have when the target ignored the update that gave them their texts', async () => {
    const server = await startNonconforming(['page-texts-ignored'])
    try {
      const report = await runAgainst(server.url, server.mock, { only: ['pagination'], concurrency: 4 })
      expect(withStatus(report, 'skipped').map((result) => result.id)).toEqual([])
      for (const id of ['pagination.pages.order.title-asc', 'pagination.pages.order.description-desc']) expect(check(report, id).status).not.toBe('failed')
      expect(check(report, 'pagination.pages.order.path-asc').status).toBe('passed')
    } finally {
      await server.close()
    }
  })
})
