import { startPermissive, type Choices, type Handle, type Permissive } from '../permissive/index.js'
import { drawChoices } from './draw.js'

/** A conformance twin: the permissive implementation with every free choice drawn from a seed (CHOICES.md). */
export interface Twin extends Permissive {
  seed: number
  choices: Choices
}

export async function startTwin(seed: number, options: { wrap?: (inner: Handle, workspaces: Array<{ id: string; appApiKey: string }>) => Handle } = {}): Promise<Twin> {
  const choices = drawChoices(seed)
  return { ...(await startPermissive({ ...options, choices })), seed, choices }
}

export { catalogueClasses, describeChoices, drawChoices, LIMIT_VALUES, type CatalogueClass } from './draw.js'
