import type { CheckDefinition } from '../check.js'
import type { Profile } from '../types.js'
import { authChecks } from './auth.js'
import { objectAuthorizationChecks } from './auth-objects.js'
import { boundaryChecks } from './boundaries.js'
import { conflictChecks } from './conflicts.js'
import { documentedChecks } from './documented-checks.js'
import { depthLifecycleChecks } from './lifecycle-depth.js'
import { familyLifecycleChecks } from './lifecycle-families.js'
import { siteLifecycleChecks } from './lifecycle-sites.js'
import { orderChecks } from './order.js'
import { paginationChecks } from './pagination.js'
import { familySchemaChecks } from './schema-families.js'
import { siteSchemaChecks } from './schema-sites.js'
import { generatedValidationChecks } from './validation.js'
import { validationRuleChecks } from './validation-rules.js'
import { versionChecks } from './versions.js'

/** Every check, group by group; validation cases come from the profile's own document. */
export function allChecks(profile: Profile): CheckDefinition[] {
  return [
    ...siteSchemaChecks,
    ...familySchemaChecks,
    ...authChecks,
    ...objectAuthorizationChecks,
    ...siteLifecycleChecks,
    ...familyLifecycleChecks,
    ...depthLifecycleChecks,
    ...generatedValidationChecks(profile),
    ...validationRuleChecks,
    ...conflictChecks,
    ...paginationChecks,
    ...boundaryChecks,
    ...orderChecks,
    ...versionChecks,
    ...documentedChecks,
  ]
}
