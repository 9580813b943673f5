// The Lambda REQUEST authoriser (identity source: method.request.header.x-api-key,
// result caching off so that a deleted site's keys stop working at once).
// It returns an IAM policy: App keys may call every method; Site keys every method but
// List/Create/Delete Site; publishable keys only the GETs a renderer needs.
import { get, K } from './store.mjs';

const API = 'arn:aws:execute-api:us-east-1:123456789012:sitebuilder/prod';

const POLICIES = {
  app: [{ Effect: 'Allow', Resource: [`${API}/*`] }],
  site: [
    { Effect: 'Allow', Resource: [`${API}/*`] },
    { Effect: 'Deny', Resource: [`${API}/GET/v2/sites`, `${API}/POST/v2/sites`, `${API}/DELETE/v2/sites/*`] },
  ],
  public: [{ Effect: 'Allow', Resource: [`${API}/GET/v2/sites/*`, `${API}/GET/v2/locales*`, `${API}/GET/v6/pages*`] }],
};

export async function authorise(event) {
  const key = event.headers['x-api-key'];
  const item = get(K.key(key));
  if (!item) throw new Error('Unauthorized');
  return {
    principalId: item.keyKind === 'app' ? `app:${item.workspaceId}` : `${item.keyKind}:${item.siteId}`,
    policyDocument: { Version: '2012-10-17', Statement: POLICIES[item.keyKind].map((s) => ({ Action: 'execute-api:Invoke', ...s })) },
    context: { keyKind: item.keyKind, workspaceId: item.workspaceId ?? '', siteId: item.siteId ?? '' },
  };
}
