import type { Credentials } from '../../src/generated/types.js'
import type { ApiClient } from './harness.js'

export type { Credentials }

/** Restores a scenario and returns its keys. */
export async function resetAndGetCredentials(api: ApiClient, body?: { scenario?: string; seed?: number }): Promise<Credentials> {
  const response = await api.post<Credentials>('/__mock/reset', body ? { body } : {})
  if (response.status !== 200) throw new Error(`reset failed: ${response.status} ${response.text}`)
  return response.body
}
