import { choice, type ChoiceId } from '../freedom/catalogue.js'
import { catalogued } from '../freedom/catalogue-words.js'

/**
 * Why a part of a check holds the target to sitemock's own behaviour, where the documents leave
 * it free: the reason a failure of that part carries (its `leftOpen`). Made only by freeChoice or
 * uncatalogued, so that every such failure names sitemock's choice: under --profile sitemock it
 * fails the run, and a reader must see which choice to look up (or to record with --choices).
 */
export type ChoiceReason = string & { readonly [reasonBrand]: true }
declare const reasonBrand: unique symbol

/** A class of the catalogue with sitemock's value in it, as runs write a choice: newPageOnline="online". */
export const sitemockValueOf = (id: ChoiceId): string => `${id}=${JSON.stringify(choice(id).sitemock)}`

/**
 * sitemock's choice in a class of the catalogue (contracts/schemas/choices.json): the class and
 * sitemock's value, where docs/api-behaviour.md states it, then why the documents leave it free.
 */
export function freeChoice(id: ChoiceId, why: string): ChoiceReason {
  return `sitemock's choice ${sitemockValueOf(id)} (${catalogued(id).behaviour}): ${why}` as ChoiceReason
}

/**
 * sitemock behaviour that no class of the catalogue covers (so --choices cannot record another):
 * the section of docs/api-behaviour.md that states it, then why, as a rule's sources word it.
 */
export function uncatalogued(section: string, why: string): ChoiceReason {
  return `sitemock's choice (api-behaviour.md#${section}): ${why}` as ChoiceReason
}
