/**
 * A new resource's free value made from what the request or its site holds: a deployment may
 * build a page's canonicalUrl from its site's hostOrigin and its pathname, or title it after its
 * name. Such a value differs for every page, yet it is one choice: the value is named as a
 * template over those inputs (`{the site's hostOrigin}{the pathname sent}`), the template is
 * adopted and held to, and where the target keeps the value in step with its inputs (a renamed
 * page's canonicalUrl moves with it), the template tells the oracle what to take on.
 */

/** An input a value may be made from: the words naming it in a template, and its value now. */
export interface Input {
  label: string
  value: string
}

const slot = (label: string): string => `{${label}}`

/**
 * The value as a template over the inputs, or undefined when none of them is in it. Each input
 * is taken where it begins or ends what is left of the value, longest first: a value built by
 * joining inputs has them at its ends, and an input found inside a literal (the `/` of a root
 * pathname in `https:`) is no part of how it was made.
 */
export function templateOf(value: string, inputs: readonly Input[]): string | undefined {
  let head = ''
  let rest = value
  let tail = ''
  let used = false
  const ordered = inputs.filter((input) => input.value !== '').sort((a, b) => b.value.length - a.value.length)
  for (let progress = true; progress && rest !== ''; ) {
    progress = false
    for (const input of ordered) {
      if (rest.startsWith(input.value)) {
        head += slot(input.label)
        rest = rest.slice(input.value.length)
      } else if (rest.endsWith(input.value)) {
        tail = slot(input.label) + tail
        rest = rest.slice(0, rest.length - input.value.length)
      } else continue
      progress = used = true
      break
    }
  }
  return used ? head + rest + tail : undefined
}

/** The value a template makes of the inputs as they are now. */
export function render(template: string, inputs: readonly Input[]): string {
  return inputs.reduce((made, input) => made.replaceAll(slot(input.label), input.value), template)
}

/** Whether an adopted alternative is a template (and so may be rendered again). */
export const isTemplate = (alternative: string | undefined, inputs: readonly Input[]): alternative is string =>
  alternative !== undefined && inputs.some((input) => alternative.includes(slot(input.label)))
