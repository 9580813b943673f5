import { allChecks } from './checks/index.js'
import { ruleOf } from './rules.js'
import { statefulChecks } from './stateful/group.js'
import { GROUPS, PROFILES, type Group } from './types.js'
import { MAX_LISTED } from '../api/listed.js'
import { appendAll } from '../append.js'

/**
 * A check or rule turned off by agreement with the vendor (`--skip`, `--skip-file`): its id, a
 * check's id, a rule's id (docs/contract-rules.md), a group, or a prefix ending in `*`; and why.
 */
export interface AgreedSkip {
  id: string
  reason: string
}

/** Every id a skip may name: the checks of every profile, their rules and groups. */
function knownIds(): { checks: Set<string>; rules: Set<string>; groups: Set<Group> } {
  const checks = [...PROFILES.flatMap((profile) => allChecks(profile)), ...statefulChecks({ notice: () => undefined, adopt: () => undefined })]
  return {
    checks: new Set(checks.map((check) => check.id)),
    rules: new Set(checks.map((check) => ruleOf(check.id)).filter((rule): rule is NonNullable<typeof rule> => rule !== undefined)),
    groups: new Set(checks.map((check) => check.group)),
  }
}

/** Whether a skip names the check: by its id, its rule, its group, or a prefix of its id. */
export function skipOf(skips: readonly AgreedSkip[], check: { id: string; group: Group }): AgreedSkip | undefined {
  const rule = ruleOf(check.id)
  return skips.find(({ id }) => id === check.id || id === rule || id === check.group || (id.endsWith('*') && check.id.startsWith(id.slice(0, -1))))
}

/** The ids a list of skips names that match no check, rule or group: a typo would otherwise skip nothing, silently. */
export function unknownSkips(skips: readonly AgreedSkip[]): string[] {
  const known = knownIds()
  const checks = [...known.checks]
  return skips
    .map(({ id }) => id)
    .filter((id) => !(known.checks.has(id) || known.rules.has(id) || known.groups.has(id as Group) || (id.endsWith('*') && checks.some((check) => check.startsWith(id.slice(0, -1))))))
}

/** What a usage error says of the ids that name nothing: the first MAX_LISTED, the rest counted (a file may hold 100,000 lines). */
export function unknownSkipsMessage(unknown: readonly string[]): string {
  const listed = unknown.slice(0, MAX_LISTED).map((id) => `"${id}"`)
  const names = unknown.length > listed.length ? `${listed.join(', ')} and ${unknown.length - listed.length} more ids` : listed.join(', ')
  return `--skip: ${names} name${unknown.length === 1 ? 's' : ''} no check, rule or group; expected a check id (e.g. pagination.sites.walk), a rule id of docs/contract-rules.md, a group (${GROUPS.join(', ')}), or a prefix ending in *`
}

/** --skip's ids and a --skip-file's lines together, --skip's first. */
export function agreedSkipsOf(list: string | undefined, file?: { text: string; source: string }): AgreedSkip[] {
  const skips = list === undefined ? [] : parseSkipList(list)
  return file === undefined ? skips : appendAll(skips, parseSkipFile(file.text, file.source))
}

/**
 * A skip file: one id a line, its reason after `#` (a line of only a comment, or blank, is
 * skipped). `source` names the file in the reason when a line gives none.
 */
export function parseSkipFile(text: string, source: string): AgreedSkip[] {
  const skips: AgreedSkip[] = []
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const hash = line.indexOf('#')
    const id = (hash < 0 ? line : line.slice(0, hash)).trim()
    if (id === '') continue
    const reason = hash < 0 ? '' : line.slice(hash + 1).trim()
    skips.push({ id, reason: reason || `listed in ${source} (line ${index + 1}) without a reason` })
  }
  return skips
}

/** `--skip ID[,ID]`: ids without a reason of their own. */
export function parseSkipList(text: string): AgreedSkip[] {
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
    .map((id) => ({ id, reason: 'named by --skip, without a reason (a --skip-file line gives one after #)' }))
}
