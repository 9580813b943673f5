import type { ControlRoute } from '../control/control-types.js'
import { exportState } from './export-state.js'

/** GET /__mock/state exports the whole state as a fixture document (PUT imports one: state-routes.ts). */
export const stateExportRoutes: ControlRoute[] = [{ method: 'GET', path: 'state', handle: (_request, _params, target) => exportState(target.store()) }]
