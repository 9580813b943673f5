import { drawChoices } from './contract/twin/draw.js'
for (let seed = 1; seed <= 12; seed++) { const c = drawChoices(seed) as Record<string, unknown>; console.log(seed, c.localeCodeStored, c.localeCodeCase, c.localeLookupCase, c.validationOrder) }
