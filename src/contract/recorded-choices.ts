import { choice, choiceIds, type ChoiceId, type Choices, type ChoicesFile } from '../freedom/catalogue.js'
import { probeChoices } from './choices-probe.js'
import type { ProbeChannel } from './choices-probe-kit.js'
import type { ContractOptions, Failure } from './types.js'

/**
 * --choices: a difference from sitemock's own choice is no difference when the target's recorded
 * choices (contract --write-choices) say the target chose otherwise on that very point. A
 * failure is such a difference when it rests on sitemock's behaviour only and its reason names a
 * choice of the catalogue whose recorded value is not sitemock's.
 */
export function recordedChoiceOf(failure: Failure, choices: Choices | undefined): string | undefined {
  if (choices === undefined || failure.documents.length !== 1 || failure.documents[0] !== 'sitemock behaviour') return undefined
  const words = new Set((failure.leftOpen ?? '').match(/[A-Za-z]+/g) ?? [])
  for (const id of choiceIds.filter((known) => words.has(known))) {
    const value = choices[id as ChoiceId]
    if (value !== undefined && value !== choice(id).sitemock) return `${id}=${JSON.stringify(value)}`
  }
  return undefined
}

/**
 * Whether the run learns the target's free choices before its checks: by default (unless
 * --no-learn-choices), under the documents' profiles, when no choices were given, and when it may
 * write (the probes make a site of the run). The sitemock profile holds every target to sitemock's
 * own choices, so it learns none.
 */
export function learnsChoices(options: ContractOptions): boolean {
  return options.learnChoices !== false && options.profile !== 'sitemock' && options.choices === undefined && !options.readOnly && options.workspaceId !== undefined
}

/**
 * The target's free choices, learned by the probes of --write-choices through the run's own client
 * (paced by its --max-rps, counted, guarded; all they create carries the run's tag and is
 * deleted, by the probes or else by the run's cleanup), and the notice that says which were learned and which not. A
 * probe that stops the learning leaves the run without choices: then it runs as before, each
 * difference from sitemock's choice reported as a difference.
 */
export async function learnChoices(options: ContractOptions, tag: string, channel: ProbeChannel): Promise<{ choices?: Choices; notice: string }> {
  let learned: ChoicesFile
  try {
    learned = await probeChoices({ baseUrl: options.baseUrl, apiKey: options.apiKey, workspaceId: options.workspaceId!, tag, signal: options.signal, channel, routes: options.profile !== 'published', ...(options.siteApiKey === undefined ? {} : { siteApiKey: options.siteApiKey }) })
  } catch (error) {
    return { notice: `the target's free choices could not be learned (${(error as Error).message}): the checks compare with sitemock's choices, each difference reported as such` }
  }
  return { choices: learned.choices, notice: learnedNotice(learned) }
}

/** "learned 47 free choices of the target first (not sitemock's: a=1, b="x"); not learned:" then "c (why)" a line each: what the run then holds the target to. */
function learnedNotice(learned: ChoicesFile): string {
  const ids = Object.keys(learned.choices) as ChoiceId[]
  const differ = ids.filter((id) => learned.choices[id] !== choice(id).sitemock)
  const unlearned = Object.entries(learned.unrecorded ?? {})
  return (
    `learned ${ids.length} free choices of the target first, which the run holds it to` +
    `; ${differ.length ? `not sitemock's: ${differ.map((id) => `${id}=${JSON.stringify(learned.choices[id])}`).join(', ')}` : "all sitemock's"}` +
    `${unlearned.length ? `; not learned:${unlearned.map(([id, why]) => `\n${id} (${why})`).join('')}` : ''}`
  )
}
