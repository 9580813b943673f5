import { brief } from '../reporters/format.js'

/**
 * What the run adopted of the target where no document decides: for each class of freedom, the
 * alternative its first answer showed. The target is then held to itself: an answer of the same
 * class showing another alternative contradicts it. Kept for the whole run (every sequence, and
 * the replays of shrinking), as a deployment's choice does not change between two requests.
 */
export class Adoptions {
  private readonly chosen = new Map<string, { alternative: string; where: string }>()

  /** The alternative adopted for a class, if one was seen. */
  get(classId: string): string | undefined {
    return this.chosen.get(classId)?.alternative
  }

  /**
   * Records that the target showed `alternative` of the class at `where` (a step's label). The
   * first one seen is adopted; a later other one is an inconsistency, said in words.
   */
  see(classId: string, alternative: string, where: string): Inconsistency | undefined {
    const adopted = this.chosen.get(classId)
    if (adopted === undefined) {
      this.chosen.set(classId, { alternative, where })
      return undefined
    }
    if (adopted.alternative === alternative) return undefined
    return { classId, adopted: adopted.alternative, adoptedAt: adopted.where, now: alternative }
  }

  /** Every class adopted so far and its alternative, for the run's notice. */
  summary(): string[] {
    return [...this.chosen].map(([classId, { alternative }]) => `${classId}: ${alternative}`)
  }
}

/** A target answering one class of freedom two ways: no document broken, but not one deployment's choice either. */
export interface Inconsistency {
  classId: string
  adopted: string
  adoptedAt: string
  now: string
}

/** The words of an inconsistency, as its failure's headline says it. */
export function inconsistencyMessage({ classId, adopted, adoptedAt, now }: Inconsistency): string {
  return `inconsistent: ${classId} was answered "${adopted}" before (${adoptedAt}), and "${now}" now; the documents leave the choice free, but one deployment makes it one way`
}

/** How a value a deployment gave a new resource is named as an alternative: after the input field it copies, or by itself. */
export function defaultAlternative(value: unknown, sent: Record<string, unknown>): string {
  if (value === undefined) return 'left out'
  // (An empty string is no copy of an input that happens to be empty: a deployment's empty default is its own.)
  for (const [field, input] of Object.entries(sent)) if (value !== null && value !== '' && value === input) return `the ${field} sent`
  return brief(value)
}
