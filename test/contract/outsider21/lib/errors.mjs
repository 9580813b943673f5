// rescue_from targets: every failure becomes one of these and is rendered as the error envelope.
export class ApiError extends Error {
  constructor(status, code, message, details, headers) {
    super(message);
    this.status = status; this.code = code; this.details = details; this.headers = headers;
  }
}

// ActiveModel::Errors in miniature: attribute -> messages, rendered one item per field (its first message).
const HUMAN = {
  workspaceId: 'Workspace', siteId: 'Site', hostOrigin: 'Host origin', defaultLocale: 'Default locale',
  locale: 'Locale', domain: 'Domain', pathname: 'Pathname', name: 'Name', isOnline: 'Is online',
  limit: 'Limit', startingAfter: 'Starting after', sortBy: 'Sort by', sortDirection: 'Sort direction',
  includeOffline: 'Include offline', versionRef: 'Version ref', pathPrefix: 'Path prefix',
  skipValidation: 'Skip validation', localeIdOrCode: 'Locale id or code', pageIdOrPathname: 'Page id or pathname',
  routeIdOrPathname: 'Route id or pathname', base: '',
};
export function humanize(field) {
  if (field in HUMAN) return HUMAN[field];
  const s = String(field).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_id$/, '').replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export class Errors {
  constructor() { this.map = new Map(); }
  add(field, message) {
    if (!this.map.has(field)) this.map.set(field, []);
    this.map.get(field).push(message);
    return this;
  }
  has(field) { return this.map.has(field); }
  get size() { return this.map.size; }
  details() {
    return [...this.map].map(([field, msgs]) => ({
      field, message: field === 'base' ? msgs[0] : `${humanize(field)} ${msgs[0]}`,
    }));
  }
  // `what` is the model name ("site") or "request" for query parameters.
  raise(what, message) {
    if (!this.map.size) return;
    const n = this.map.size;
    throw new ApiError(400, 'bad_request',
      message || (what === 'request'
        ? `${n} error${n === 1 ? '' : 's'} prohibited this request from being processed`
        : `${n} error${n === 1 ? '' : 's'} prohibited this ${what} from being saved`),
      this.details());
  }
}

export const badRequest = (field, message, top) =>
  new ApiError(400, 'bad_request', top || `${humanize(field) ? humanize(field) + ' ' : ''}${message}`.trim(), [{ field, message: field === 'base' ? message : `${humanize(field)} ${message}`.trim() }]);
export const notFound = (model, column = 'public_id') =>
  new ApiError(404, 'not_found', `Couldn't find ${model} with [WHERE \`${tableOf(model)}\`.\`${column}\` = ?]`);
export const forbidden = () => new ApiError(403, 'forbidden', 'You are not authorized to access this page.');
export const unauthorized = () =>
  new ApiError(401, 'unauthorized', 'HTTP Token: Access denied.', undefined, { 'www-authenticate': 'Token realm="Application"' });
export const conflict = (message) => new ApiError(409, 'conflict', message);

function tableOf(model) {
  return { Site: 'sites', Locale: 'site_locales', Page: 'pages', Route: 'routes', Workspace: 'workspaces' }[model] || model.toLowerCase() + 's';
}
