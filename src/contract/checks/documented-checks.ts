import { documentedEffectChecks } from './documented-effects.js'
import { documentedFilterChecks } from './documented-filters.js'
import { documentedLookupChecks } from './documented-lookups.js'
import type { DocumentedCheck } from './documented.js'

/** The checks of a statement each (docs/contract-statements.md): filters and flags, lookups, side effects. */
export const documentedChecks: DocumentedCheck[] = [...documentedFilterChecks, ...documentedLookupChecks, ...documentedEffectChecks]
