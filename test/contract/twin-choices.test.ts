import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPLEMENTED_CLASSES } from './permissive/index.js'
import { catalogueClasses, describeChoices, drawChoices, startTwin, type Twin } from './twin/index.js'
import { Client, OBSERVE, type Observed } from './twin/observe.js'

/**
 * The conformance twin takes every class of the choice catalogue either way: the draw reads the
 * catalogue, and over HTTP each twin answers as the alternative drawn for it.
 */
const CLASSES = catalogueClasses()

/** The first seeds from 1 whose draws, together, take every class of the catalogue at least two ways. */
function coveringSeeds(): number[] {
  const seen = new Map<string, Set<string>>(CLASSES.map((entry) => [entry.id, new Set()]))
  const seeds: number[] = []
  for (let seed = 1; seed <= 200 && [...seen.values()].some((values) => values.size < 2); seed++) {
    const choices = drawChoices(seed, CLASSES) as Record<string, unknown>
    const adds = CLASSES.some((entry) => seen.get(entry.id)!.size < 2 && !seen.get(entry.id)!.has(String(choices[entry.id])))
    if (!adds) continue
    seeds.push(seed)
    for (const entry of CLASSES) seen.get(entry.id)!.add(String(choices[entry.id]))
  }
  return seeds
}
const SEEDS = coveringSeeds()

/**
 * The alternative a drawn class answers as: two draws that answer every request alike are one. A
 * publicApiKey for the pages in any version that reads its site too (publicApiKeySiteRead read) is
 * one for its site and pages; one for the locales and online pages that reads the offline pages
 * and its site too (publicApiKeyOfflinePages read, publicApiKeySiteRead read) a read-only key for
 * its site; a Site key refused its locale writes alone where no route request of a Site key is
 * served (routes elsewhere, or every route request refused it) writes pages alone.
 */
function answeredAs(drawn: Record<string, unknown>, id: string): unknown {
  if (id === 'publicApiKeyAsSiteKey' && drawn[id] === 'pages' && drawn.publicApiKeySiteRead === 'read') return 'site-and-pages'
  if (id === 'publicApiKeyAsSiteKey' && drawn[id] === 'online-pages' && drawn.publicApiKeyOfflinePages === 'read' && drawn.publicApiKeySiteRead === 'read') return 'reads'
  if (id === 'siteKeyWrites' && drawn[id] === 'locales-refused' && (drawn.routeOperations === 'elsewhere' || drawn.siteKeyRoutes === 'refused')) return 'pages-only'
  return drawn[id]
}

describe('the conformance twin', () => {
  it('implements, and can observe, every class of the choice catalogue with all its alternatives', () => {
    expect(CLASSES.length).toBeGreaterThan(30)
    expect(CLASSES.map((entry) => entry.id).filter((id) => !IMPLEMENTED_CLASSES.includes(id))).toEqual([])
    expect(CLASSES.map((entry) => entry.id).filter((id) => OBSERVE[id] === undefined)).toEqual([])
    // Every alternative of the catalogue is one the draw may give, and the twin takes.
    for (const entry of CLASSES) for (let seed = 1; seed <= 3; seed++) expect(() => drawChoices(seed, [entry])).not.toThrow()
    expect(() => drawChoices(1, [{ id: 'notAClass', kind: 'enum', alternatives: ['a', 'b'] }])).toThrow(/does not implement the class notAClass/)
  })

  it('draws every class of the catalogue at least two ways across the seeds it uses', () => {
    expect(SEEDS.length).toBeLessThanOrEqual(12)
    for (const entry of CLASSES) {
      const drawn = new Set(SEEDS.map((seed) => String((drawChoices(seed, CLASSES) as Record<string, unknown>)[entry.id])))
      expect(drawn.size, entry.id).toBeGreaterThanOrEqual(2)
    }
  })

  it('names the same twin for a seed on every run', () => {
    expect(drawChoices(7)).toEqual(drawChoices(7))
    expect(drawChoices(7)).not.toEqual(drawChoices(8))
  })

  describe.each(SEEDS)('seed %i', (seed) => {
    let twin: Twin
    beforeAll(async () => {
      twin = await startTwin(seed)
      console.log(`twin seed ${seed}: ${describeChoices(twin.choices)}`)
    })
    afterAll(() => twin.close())

    it('answers over HTTP as each drawn alternative says', async () => {
      const client = new Client(twin)
      const drawn = twin.choices as Record<string, unknown>
      const observed: Record<string, Observed> = {}
      await Promise.all(CLASSES.map(async (entry) => (observed[entry.id] = await OBSERVE[entry.id]!(client))))
      // The observation tells twins apart: another seed's draw does not match it.
      const other = drawChoices(seed + 1000, CLASSES) as Record<string, unknown>
      expect(CLASSES.filter((entry) => observed[entry.id] !== undefined && observed[entry.id] !== other[entry.id]).length).toBeGreaterThan(5)
      const hidden = CLASSES.filter((entry) => observed[entry.id] === undefined).map((entry) => entry.id)
      // A class another choice hides is rare; most are seen on every seed. (A twin that refuses codes
      // in another case and stores them in canonical case hides both of its code classes at once,
      // one that serves its route operations elsewhere its route classes, one that keeps pathnames in
      // lower case, or refuses capitals, and has no route either the conflict of two that differ in
      // case alone, and one that keeps them in lower case the lookup of one in another case too. With
      // no route create, no route can take a held pathname under skipValidation=true either, nor can
      // a create show whether it takes skipValidation. One that publishes through its control plane
      // alone, its live version a copy, takes no live version offline with its page: whether it keeps one is hidden.
      // A publicApiKey that is no key for online pages alone hides how such a key meets offline pages,
      // and one that reads no pages, or reads its site of itself, whether such a key reads its site besides.
      // A Site key refused every route request hides what it may write to routes alone, and what a publicApiKey reads of them.
      // A page read in a locale its site lacks refused as its list refuses it hides whether it answers as the list or on its own.
      // One that judges the whole input first refuses a Site key for its kind alike with access or once the input is
      // judged: where its publicApiKey is no key it refuses, or permission wins, where it refuses that is hidden.
      // Seed 2 hides several of these at once: its routes elsewhere, its Site key refused the routes, its publicApiKey for single resources.
      // A default locale that cannot be renamed hides whether a rename touches the pages (the twin keeps no
      // localizations), and a new page titled null where no update takes a title whether a title follows the name.
      // A code the site lacks refused with a 400 hides whether a locale that is no code is refused for its form,
      // and a publicApiKey that reads no pages alone whether it reads its site too, and one that does not read
      // its pages as published alone whether it reads its locales too; one that judges access before any input
      // where a key's reach is judged, and one that judges the body on one side of access for every
      // resource where a record in the path is found missing; one whose body comes after access, where
      // the route rules are judged. A page that carries no locale (pageLocale absent) hides which
      // locale it shows when read in one it has no localization in.)
      expect(hidden.length, `hidden: ${hidden.join(', ')}`).toBeLessThanOrEqual(29)
      const seen = Object.fromEntries(CLASSES.filter((entry) => observed[entry.id] !== undefined).map((entry) => [entry.id, observed[entry.id]]))
      const expected = Object.fromEntries(Object.keys(seen).map((id) => [id, answeredAs(drawn, id)]))
      expect(seen).toEqual(expected)
    }, 60_000)
  })
})
