import { ControlContent } from '../control/control-content.js'
import type { ControlRoute } from '../control/control-types.js'
import { DASHBOARD_PAGE } from './page.js'
import { summarize } from './summary.js'

/** GET /__mock/ is the dashboard; GET /__mock/summary what it shows at a glance. */
export const dashboardControlRoutes: ControlRoute[] = [
  { method: 'GET', path: '', open: true, handle: () => new ControlContent('text/html; charset=utf-8', DASHBOARD_PAGE) },
  { method: 'GET', path: 'summary', handle: (_request, _params, target) => summarize(target) },
]
