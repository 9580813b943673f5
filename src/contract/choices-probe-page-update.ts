import type { Choices } from '../freedom/catalogue.js'
import { detailFields } from './exchange-rules.js'
import { Unrecorded, unexplained, type Answer, type Call, type ProbeSite } from './choices-probe-kit.js'

type EmptyPageUpdate = Required<Choices>['emptyPageUpdate']

const PAGE_PATH = /^\/v6\/pages\/([^/?]+)/

/**
 * What a page update must carry (choice emptyPageUpdate), learned first, on a page of its own:
 * the other probes change pages by updates without a pathname, which a deployment that requires
 * it in every update ("Missing pathname field.", the published 400) would refuse.
 */
export async function probeEmptyPageUpdate({ call, record, siteId, target }: ProbeSite): Promise<EmptyPageUpdate | undefined> {
  const page = await call('POST', '/v6/pages', { siteId, pathname: `/${target.tag}-update`, name: `${target.tag} update` })
  if (page.status !== 201) {
    await record('emptyPageUpdate', async () => {
      throw new Unrecorded(`a page to update could not be created (${page.status})`)
    })
    return undefined
  }
  let learned: EmptyPageUpdate | undefined
  await record('emptyPageUpdate', async () => {
    learned = await emptyUpdateOf(call, String(page.body.id), page.body.name ?? `${target.tag} update`)
    return learned
  })
  await call('DELETE', `/v6/pages/${String(page.body.id)}`)
  return learned
}

async function emptyUpdateOf(call: Call, pageId: string, name: unknown): Promise<EmptyPageUpdate> {
  const empty = await call('PATCH', `/v6/pages/${pageId}`, {})
  if (empty.status === 200) return 'accepted'
  if (empty.status !== 400 || !detailFields(empty.body).includes('pathname')) return unexplained('an empty page update', empty.status)
  // Refused: for changing nothing, or for want of the pathname, which an update of the name alone tells.
  const named = await call('PATCH', `/v6/pages/${pageId}`, { name })
  if (named.status === 200) return 'refused'
  if (named.status === 400 && detailFields(named.body).includes('pathname')) return 'pathname-required'
  return unexplained("a page update of its name alone, after an empty one was refused naming pathname", named.status)
}

/**
 * A caller that gives every page update the page's own pathname when the deployment requires one
 * (emptyPageUpdate `pathname-required`), so that each probe still shows what it is about. The
 * pathnames are the ones the target answered for each page; a page named by its pathname in the
 * path carries that one.
 */
export function withPagePathnames(call: Call, required: () => boolean): Call {
  const pathnames = new Map<string, string>()
  return async (method, path, body, key) => {
    const param = PAGE_PATH.exec(path)?.[1]
    const sent =
      method === 'PATCH' && param !== undefined && required() && isObject(body) && !('pathname' in body)
        ? withPathname(body, pathnames.get(param) ?? (param.startsWith('%2F') ? decodeURIComponent(param) : undefined))
        : body
    const answer = await call(method, path, sent, key)
    // A read may show a localized pathname, which is no pathname to keep: only writes are remembered.
    if (method === 'POST' || method === 'PATCH') remember(pathnames, answer)
    return answer
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const withPathname = (body: Record<string, unknown>, pathname: string | undefined): Record<string, unknown> => (pathname === undefined ? body : { pathname, ...body })

function remember(pathnames: Map<string, string>, answer: Answer): void {
  const { body } = answer
  if (answer.status < 200 || answer.status >= 300 || body.object !== 'page' || typeof body.id !== 'string' || typeof body.pathname !== 'string') return
  pathnames.set(body.id, body.pathname)
}
