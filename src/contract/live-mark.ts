import { PAGE, PAGES, SITES } from './endpoints.js'
import type { ContractClient } from './http-client.js'
import { liveMarkPathname, liveMarkSiteName, runName } from './tag.js'

/** How often a run refreshes its live mark, and for how long after each refresh the mark counts as live. */
export interface LiveMarkTiming {
  refreshMs: number
  validMs: number
}

/** Refreshed every 30 s, live for 2 minutes: three refreshes can be lost (a slow target, a 429) before a live run looks dead. */
export const DEFAULT_LIVE_MARK: LiveMarkTiming = { refreshMs: 30_000, validMs: 120_000 }

export interface LiveMarkHeartbeat {
  /** Stops refreshing and waits for a refresh in flight; the mark itself goes with the run's cleanup. */
  stop(): Promise<void>
}

/**
 * Puts the run's live mark on the target (see tag.ts) and keeps it fresh until stopped, so that
 * `--cleanup` of this run's tag refuses while the run goes on. The mark is a resource of the run
 * like any other: tracked by the client, deleted by the run's cleanup (last, being its oldest
 * site). A mark that cannot be made or refreshed is said as a notice; the run goes on without it.
 */
export async function startLiveMark(client: ContractClient, options: { tag: string; workspaceId: string; timing: LiveMarkTiming; notice(message: string): void }): Promise<LiveMarkHeartbeat> {
  const { tag, timing, notice } = options
  const markPathname = (): string => {
    const now = Date.now()
    return liveMarkPathname(tag, new Date(now), new Date(now + timing.validMs))
  }
  const without = (why: string): LiveMarkHeartbeat => {
    notice(`the live-run mark could not be ${why}: sitemock contract --cleanup ${tag} cannot tell that this run is going on`)
    return { stop: async () => {} }
  }
  const site = await client.send({ method: 'POST', template: SITES, body: { workspaceId: options.workspaceId, name: liveMarkSiteName(tag) } }).catch((error: Error) => error)
  const siteId = site instanceof Error ? undefined : (site.body as { id?: unknown } | undefined)?.id
  if (site instanceof Error || site.status !== 201 || typeof siteId !== 'string') return without(`created (POST /v2/sites answered ${site instanceof Error ? site.message : site.status})`)
  const page = await client.send({ method: 'POST', template: PAGES, body: { siteId, pathname: markPathname(), name: runName(tag, 'run live') } }).catch((error: Error) => error)
  const pageId = page instanceof Error ? undefined : (page.body as { id?: unknown } | undefined)?.id
  if (page instanceof Error || page.status !== 201 || typeof pageId !== 'string') return without(`created (POST /v6/pages answered ${page instanceof Error ? page.message : page.status})`)

  let inFlight: Promise<void> = Promise.resolve()
  let failing = false
  const refresh = async (): Promise<void> => {
    const answer = await client.send({ method: 'PATCH', template: PAGE, params: { pageIdOrPathname: pageId }, query: { siteId }, body: { pathname: markPathname() } }).catch((error: Error) => error)
    const ok = !(answer instanceof Error) && answer.status === 200
    // Said once per stretch of failures, not at every beat.
    if (!ok && !failing) notice(`the live-run mark could not be refreshed (PATCH answered ${answer instanceof Error ? answer.message : answer.status}); it counts as live until its last refresh plus ${timing.validMs / 1000} s`)
    failing = !ok
  }
  const timer = setInterval(() => {
    // One refresh at a time: a slow answer is not overtaken by the next beat.
    inFlight = inFlight.then(refresh)
  }, timing.refreshMs)
  // The run keeps the process alive, not the heartbeat.
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await inFlight
    },
  }
}
