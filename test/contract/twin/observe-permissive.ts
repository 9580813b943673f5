import type { Choices } from '../../../src/freedom/catalogue.js'
import { startPermissive } from '../permissive/index.js'
import { Client, OBSERVE, type Observed } from './observe.js'

/** What the twin's observation of a class tells, from outside, of the permissive implementation following the choices. */
export async function observedOnPermissive(id: string, choices: Choices): Promise<Observed> {
  const permissive = await startPermissive({ choices })
  try {
    return await OBSERVE[id]!(new Client({ ...permissive, seed: 0, choices }))
  } finally {
    await permissive.close()
  }
}
