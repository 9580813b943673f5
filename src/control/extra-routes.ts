import { summaryControlRoutes } from '../dashboard/summary.js'
import { dataBrowserControlRoutes } from '../data-browser/control-routes.js'
import { journalControlRoutes } from '../journal/control-routes.js'
import { stateExportRoutes } from '../scenarios/export-routes.js'
import type { ControlRoute } from './control-types.js'

/** The routes whose signatures control-extras.ts declares, with their handlers. */
export const EXTRA_ROUTES: readonly ControlRoute[] = [...stateExportRoutes, ...journalControlRoutes, ...summaryControlRoutes, ...dataBrowserControlRoutes]
