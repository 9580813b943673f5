import { choice, type ChoicesByList, type ListChoices } from '../freedom/catalogue.js'
import { NOWHERE_ID, Unrecorded, type Answer, type ProbeSite } from './choices-probe-kit.js'

type ListPath = keyof ChoicesByList
type CursorAnswer = '400' | '404' | 'empty-list' | 'listed'

/**
 * A list's answer to a cursor that is no item of it; undefined where the list itself is not
 * listed, the status tells nothing a class names, or an empty page cannot be told from the end of
 * an empty list.
 */
function answerOf(answer: Answer, whole: Answer): CursorAnswer | undefined {
  if (whole.status !== 200) return undefined
  if (answer.status === 400 || answer.status === 404) return String(answer.status) as '400' | '404'
  if (answer.status !== 200) return undefined
  if ((answer.body.data ?? []).length > 0) return 'listed'
  return (whole.body.data ?? []).length > 0 ? 'empty-list' : undefined
}

const idsOf = (answer: Answer): string => JSON.stringify((answer.body.data ?? []).map((item) => item.id))

/**
 * The lists that answer cursors in their own way (a choices file's `lists`). The classes of the
 * cursors are learned on one list each (an id of nothing on the locale list, another site's item on
 * the page list); a deployment may walk another list by a keyset that any id positions, and answer
 * there with items where the first refuses. Each list is asked the same two cursors, and its answer
 * recorded where it differs from what the learned classes answer. A list whose answer no
 * alternative explains, or that cannot be asked, is left to the learned classes.
 */
export async function probeListCursors({ call, siteId, otherSiteId, learned, target }: ProbeSite, pageId: string): Promise<ChoicesByList> {
  const lists: ChoicesByList = {}
  const own = (path: ListPath, values: ListChoices): void => {
    if (Object.keys(values).length > 0) lists[path] = { ...lists[path], ...values }
  }
  const unknown = learned.unknownCursor ?? choice('unknownCursor').sitemock
  const outside = learned.cursorOutsideList ?? choice('cursorOutsideList').sitemock
  // Another list's item, as the mock answers it under the learned classes: as one the list leaves out (as-outside) or its own way.
  const foreign = learned.foreignCursor ?? choice('foreignCursor').sitemock
  const foreignShown = foreign === 'as-outside' || foreign === 'refused-unreached' ? (outside === 'after-place' ? 'listed' : outside) : foreign

  /** The list's answer to an id of nothing, where it is not the learned one. */
  const unknownOn = async (list: string, separator: string): Promise<ListChoices> => {
    const whole = await call('GET', list)
    const answer = await call('GET', `${list}${separator}startingAfter=${NOWHERE_ID}`)
    const shown = answerOf(answer, whole)
    // Items listed are the list from its start, or no alternative's.
    if (shown === undefined || (shown === 'listed' && idsOf(answer) !== idsOf(whole))) return {}
    const value = shown === 'listed' ? 'from-start' : shown
    return value === unknown ? {} : { unknownCursor: value }
  }
  /** The list's answer to another list's item, where it is not the learned one. */
  const foreignOn = async (list: string, separator: string, cursor: string): Promise<ListChoices> => {
    const shown = answerOf(await call('GET', `${list}${separator}startingAfter=${cursor}`), await call('GET', list))
    if (shown === undefined || shown === foreignShown) return {}
    // Items after another list's item are those after its place, as the list answers one it leaves out.
    if (shown === 'listed') return outside === 'after-place' ? { foreignCursor: 'as-outside' } : {}
    return { foreignCursor: shown }
  }

  const other = otherSiteId instanceof Unrecorded ? undefined : otherSiteId
  const sites = `/v2/sites?workspaceId=${target.workspaceId}`
  own('/v2/sites', { ...(await unknownOn(sites, '&')), ...(await foreignOn(sites, '&', pageId)) })
  own('/v6/pages', await unknownOn(`/v6/pages?siteId=${siteId}&includeOffline=true`, '&'))
  own('/v2/sites/{siteId}/pages', {
    ...(await unknownOn(`/v2/sites/${siteId}/pages`, '?')),
    ...(other === undefined ? {} : await foreignOn(`/v2/sites/${other}/pages`, '?', pageId)),
  })
  if (other !== undefined) {
    const locale = (await call('GET', `/v2/locales?siteId=${siteId}`)).body.data?.[0]?.id
    if (typeof locale === 'string') own('/v2/locales', await foreignOn(`/v2/locales?siteId=${other}`, '&', locale))
  }
  if (learned.routeOperations !== 'elsewhere') own('/v2/routes', await routeCursors(call, siteId, other, target.tag, unknownOn, foreignOn))
  return lists
}

/** The route list's answers, with a route of the probes' site (and one of their other site, to list after another's) made for them and deleted after. */
async function routeCursors(
  call: ProbeSite['call'],
  siteId: string,
  other: string | undefined,
  tag: string,
  unknownOn: (list: string, separator: string) => Promise<ListChoices>,
  foreignOn: (list: string, separator: string, cursor: string) => Promise<ListChoices>,
): Promise<ListChoices> {
  const made: string[] = []
  const route = async (site: string, pathname: string): Promise<string | undefined> => {
    const { body } = await call('POST', '/v2/routes', { siteId: site, pathname })
    if (typeof body.id === 'string') made.push(body.id)
    return typeof body.id === 'string' ? body.id : undefined
  }
  try {
    const ofSite = await route(siteId, `/${tag}-cursor`)
    if (ofSite === undefined) return {}
    const ofOther = other === undefined ? undefined : await route(other, `/${tag}-cursor-other`)
    return { ...(await unknownOn(`/v2/routes?siteId=${siteId}`, '&')), ...(other === undefined || ofOther === undefined ? {} : await foreignOn(`/v2/routes?siteId=${other}`, '&', ofSite)) }
  } catch (error) {
    // Routes not sent (the published profile has none): the route list is left to the learned classes.
    if (error instanceof Unrecorded) return {}
    throw error
  } finally {
    for (const id of made) await call('DELETE', `/v2/routes/${id}`).catch(() => undefined)
  }
}
