import type { DocumentStatement } from '../../src/contract/checks/documented.js'
import { allChecks } from '../../src/contract/checks/index.js'
import type { Group } from '../../src/contract/types.js'
import { DUPLICATE_COPIES, INVALID_INPUT, WITHOUT_PERMISSION } from '../../src/contract/checks/documented-effects.js'
import { INCLUDE_OFFLINE, PAGE_LOCALE_DEFAULT, PATH_PREFIX, SORT_BY } from '../../src/contract/checks/documented-filters.js'
import { LOCALE_CODE_SITE, PAGE_BY_PATHNAME, PAGE_PATHNAME_SITE, ROUTE_BY_PATHNAME, ROUTE_PATHNAME_SITE, SKIP_VALIDATION } from '../../src/contract/checks/documented-lookups.js'
import type { SemanticDefect } from './semantic-defects.js'

/**
 * The defects of documented statements (semantic-defects.ts) and the check that catches each on
 * any target: a check of documented-*.ts, whose failure quotes `statement`, or an older check of
 * the same statement (docs/contract-statements.md lists both).
 */
export interface DocumentedCase {
  defect: SemanticDefect
  caughtBy: string
  /** The statement a check of documented-*.ts quotes; older checks do not quote one. */
  statement?: DocumentStatement
}

export const DOCUMENTED_CASES: readonly DocumentedCase[] = [
  { defect: 'page-prefix-excludes-equal', caughtBy: 'lifecycle.filter.page-path-prefix', statement: PATH_PREFIX },
  { defect: 'default-locale-filter-empty', caughtBy: 'lifecycle.filter.page-locale-default', statement: PAGE_LOCALE_DEFAULT },
  { defect: 'include-offline-false-lists-offline', caughtBy: 'lifecycle.filter.page-include-offline', statement: INCLUDE_OFFLINE },
  { defect: 'offline-pages-sorted-last', caughtBy: 'pagination.pages.sorts-offline-by-field', statement: SORT_BY },
  { defect: 'locale-code-looked-up-anywhere', caughtBy: 'lifecycle.lookup.code-in-named-site', statement: LOCALE_CODE_SITE },
  { defect: 'page-pathname-looked-up-anywhere', caughtBy: 'lifecycle.lookup.code-in-named-site', statement: PAGE_PATHNAME_SITE },
  { defect: 'route-pathname-looked-up-anywhere', caughtBy: 'lifecycle.lookup.code-in-named-site', statement: ROUTE_PATHNAME_SITE },
  { defect: 'renamed-page-keeps-old-pathname', caughtBy: 'lifecycle.lookup.renamed-old-pathname', statement: PAGE_BY_PATHNAME },
  { defect: 'renamed-route-keeps-old-pathname', caughtBy: 'lifecycle.lookup.renamed-old-pathname', statement: ROUTE_BY_PATHNAME },
  { defect: 'skip-validation-false-skips', caughtBy: 'lifecycle.route.skip-validation-false', statement: SKIP_VALIDATION },
  { defect: 'duplicate-pages-tied', caughtBy: 'lifecycle.duplicate.independent', statement: DUPLICATE_COPIES },
  { defect: 'original-key-reaches-copy', caughtBy: 'auth.object.site-key.copy-of-its-site', statement: WITHOUT_PERMISSION },
  { defect: 'refused-site-delete-takes-pages', caughtBy: 'auth.object.refused-delete.site', statement: WITHOUT_PERMISSION },
  { defect: 'refused-page-update-applies-pathname', caughtBy: 'lifecycle.refused.page-update', statement: INVALID_INPUT },
  { defect: 'restore-leaves-locale-deleted', caughtBy: 'lifecycle.locale.delete-restore' },
  { defect: 'page-update-not-stored', caughtBy: 'lifecycle.page.update' },
  { defect: 'page-list-values-read-loosely', caughtBy: 'validation.get.v6-pages.sortBy.invalid-value-2' },
  { defect: 'skip-validation-read-loosely', caughtBy: 'validation.patch.v2-routes-routeIdOrPathname.skipValidation.invalid-value-2' },
  { defect: 'uuid-fields-read-loosely', caughtBy: 'validation.post.v6-pages.siteId.invalid-value-2' },
  { defect: 'uri-fields-take-iris', caughtBy: 'validation.post.v2-sites.hostOrigin.invalid-value-2' },
]

/**
 * The same cases in the form the catalogue test of the implementations takes
 * (implementation-defects.test.ts): the group to run and the check that must fail.
 */
export const DOCUMENTED_CAUGHT_BY: Readonly<Partial<Record<SemanticDefect, { only: Group[]; caughtBy: string }>>> = Object.fromEntries(
  DOCUMENTED_CASES.map(({ defect, caughtBy }) => [defect, { only: [groupOf(caughtBy)], caughtBy }]),
)

function groupOf(checkId: string): Group {
  const found = allChecks('documents').find((check) => check.id === checkId)
  if (!found) throw new Error(`documented-cases.ts names no check ${checkId}`)
  return found.group
}
