import { OnDemandRoutes } from './on-demand-routes.js'

/**
 * The control routes that code in a page rarely calls (mock.journal, mock.store and exportState
 * do the same without a request): the data browser's, the journal's, the dashboard's summary and
 * the state's export. Their handlers are extra-routes.ts, which a page's mock imports with the
 * first request to one of them and Node's entries hold from the start.
 */
export const controlExtras = new OnDemandRoutes('the code of the control plane\'s data browser, journal, summary and state export', {
  stateExport: [{ method: 'GET', path: 'state' }],
  journal: [
    { method: 'GET', path: 'requests' },
    { method: 'DELETE', path: 'requests', writes: false },
  ],
  summary: [{ method: 'GET', path: 'summary' }],
  dataBrowser: [
    { method: 'GET', path: 'data/sites' },
    { method: 'GET', path: 'data/sites/{siteId}/{kind}' },
    { method: 'GET', path: 'data/records/{kind}/{id}' },
    { method: 'DELETE', path: 'data/records/{kind}/{id}', writes: false },
  ],
})
