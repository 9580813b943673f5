import { createRandom } from '../../src/random.js'
import { send, type Answer, type Call } from './support.js'

type Json = Record<string, unknown>

/** One request of a run and what came back through the proxy. */
export interface Step {
  call: Call
  answer: Answer
}

export interface RunContext {
  proxy: string
  appKey: string
  workspaceId: string
  siteId: string
  /** Called with each read as the proxy answered it; the direct answer is compared there. */
  onRead?: (call: Call, answer: Answer) => Promise<void>
  /** Called after each write, with the proxy's answer. */
  onWrite?: (call: Call, answer: Answer) => Promise<void>
}

const items = (answer: Answer): Json[] => ((answer.json as { data?: Json[] } | undefined)?.data ?? [])

/**
 * A mixed run of a client's requests through the proxy, chosen by a seed: walks of every list
 * with several limits, reads by id, creates, updates and deletes of pages, errors of each kind.
 * Returns every step in order.
 */
export async function mixedRun(context: RunContext, rounds: number, seed: number): Promise<Step[]> {
  const source = createRandom(seed)
  const random = { int: (min: number, max: number): number => min + Math.floor(source.next() * (max - min + 1)) }
  const steps: Step[] = []
  const pages: string[] = []
  const run = async (call: Call): Promise<Answer> => {
    const answer = await send(context.proxy, call, context.appKey)
    steps.push({ call, answer })
    if (call.method === 'GET') await context.onRead?.(call, answer)
    else await context.onWrite?.(call, answer)
    return answer
  }
  const walk = async (path: string, limit: number): Promise<void> => {
    let cursor: string | undefined
    for (let page = 0; page < 50; page++) {
      const answer = await run({ method: 'GET', path: `${path}&limit=${limit}${cursor ? `&startingAfter=${cursor}` : ''}` })
      const data = items(answer)
      if ((answer.json as Json).hasMore !== true || data.length === 0) return
      cursor = String(data[data.length - 1]!.id)
    }
  }
  const { siteId, workspaceId } = context
  for (let round = 0; round < rounds; round++) {
    const choice = random.int(0, 9)
    if (choice === 0) await walk(`/v2/sites?workspaceId=${workspaceId}`, random.int(1, 3))
    else if (choice === 1) await walk(`/v2/locales?siteId=${siteId}`, random.int(1, 3))
    else if (choice === 2) await walk(`/v6/pages?siteId=${siteId}&sortBy=title&sortDirection=${random.int(0, 1) ? 'asc' : 'desc'}`, random.int(2, 7))
    else if (choice === 3) await walk(`/v2/routes?siteId=${siteId}`, random.int(1, 4))
    else if (choice === 4) {
      const created = await run({ method: 'POST', path: '/v6/pages', body: { siteId, pathname: `/mixed-${seed}-${round}`, name: `Mixed ${round}` } })
      if (created.status === 201) pages.push(String((created.json as Json).id))
    } else if (choice === 5 && pages.length) {
      await run({ method: 'PATCH', path: `/v6/pages/${pages[random.int(0, pages.length - 1)]!}`, body: { title: `Title ${round}` } })
    } else if (choice === 6 && pages.length) {
      const [id] = pages.splice(random.int(0, pages.length - 1), 1)
      await run({ method: 'DELETE', path: `/v6/pages/${id!}` })
    } else if (choice === 7) {
      await run({ method: 'GET', path: `/v2/sites/${siteId}` })
      if (pages.length) await run({ method: 'GET', path: `/v6/pages/${pages[pages.length - 1]!}` })
    } else if (choice === 8) {
      // The errors of the contract: a missing resource, invalid input, no key.
      await run({ method: 'GET', path: `/v2/sites/00000000-0000-4000-8000-${String(round).padStart(12, '0')}` })
      await run({ method: 'POST', path: '/v6/pages', body: { siteId, pathname: 'no-slash', name: '' } })
      await run({ method: 'GET', path: `/v2/locales?siteId=${siteId}`, key: null })
    } else await run({ method: 'GET', path: `/v2/locales?siteId=${siteId}&limit=100` })
  }
  return steps
}
