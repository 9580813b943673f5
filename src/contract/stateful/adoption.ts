import { brief } from '../reporters/format.js'
import { templateOf, type Input } from './derived-defaults.js'

/**
 * What the run adopted of the target where no document decides: for each class of freedom, the
 * alternative its first answer showed. The target is then held to itself: an answer of the same
 * class showing another alternative contradicts it. Kept for the whole run (every sequence, and
 * the replays of shrinking), as a deployment's choice does not change between two requests.
 */
export class Adoptions {
  /** Each class's adopted alternative, where it was seen, and the alternatives every answer so far fits (the adopted one among them). */
  private readonly chosen = new Map<string, { alternative: string; where: string; fits: readonly string[] }>()

  /** The alternative adopted for a class, if one was seen. */
  get(classId: string): string | undefined {
    return this.chosen.get(classId)?.alternative
  }

  /** Whether every answer of the class seen so far fits the alternative (none seen: no). */
  admits(classId: string, alternative: string): boolean {
    return this.chosen.get(classId)?.fits.includes(alternative) ?? false
  }

  /** Whether an answer fitting `fits` would contradict what the class's earlier answers all fit (none seen: no). */
  contradicts(classId: string, fits: readonly string[]): boolean {
    const adopted = this.chosen.get(classId)
    return adopted !== undefined && !adopted.fits.some((candidate) => fits.includes(candidate))
  }

  /**
   * Records that the target showed `alternative` of the class at `where` (a step's label), an
   * answer that may fit other alternatives too (`fits`). The first one seen is adopted; a later
   * answer that fits none of the alternatives every earlier one fits is an inconsistency, said in
   * words. One that fits fewer of them narrows the adoption: to the one left, when one is.
   */
  see(classId: string, alternative: string, where: string, fits: readonly string[] = [alternative]): Inconsistency | undefined {
    const adopted = this.chosen.get(classId)
    if (adopted === undefined) {
      this.chosen.set(classId, { alternative, where, fits })
      return undefined
    }
    const left = adopted.fits.filter((candidate) => fits.includes(candidate))
    if (left.length === 0) return { classId, adopted: adopted.alternative, adoptedAt: adopted.where, now: alternative }
    if (left.length === adopted.fits.length) return undefined
    const kept = left.includes(adopted.alternative) ? adopted.alternative : left[0]!
    this.chosen.set(classId, kept === adopted.alternative ? { ...adopted, fits: left } : { alternative: kept, where, fits: left })
    return undefined
  }

  /**
   * Reads a class otherwise from now on: its answers fit no alternative of the catalogue, and
   * the class is held by the kind of request instead (key-reach.ts), as `alternative` names it.
   */
  setAside(classId: string, alternative: string, where: string): void {
    this.chosen.set(classId, { alternative, where, fits: [alternative] })
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

/**
 * How a value a deployment gave a new resource is named as an alternative: after the input field
 * it copies, as a template over the inputs it is made of (derived-defaults.ts), or by itself.
 */
export function defaultAlternative(value: unknown, sent: Record<string, unknown>, inputs: readonly Input[] = []): string {
  if (value === undefined) return 'left out'
  // (An empty string is no copy of an input that happens to be empty: a deployment's empty default is its own.)
  for (const [field, input] of Object.entries(sent)) if (value !== null && value !== '' && value === input) return `the ${field} sent`
  return (typeof value === 'string' && templateOf(value, inputs)) || brief(value)
}
