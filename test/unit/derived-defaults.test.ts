import { describe, expect, it } from 'vitest'
import { isTemplate, render, templateOf, type Input } from '../../src/contract/stateful/derived-defaults.js'

const inputs = (pathname: string, hostOrigin = 'https://a.example.com'): Input[] => [
  { label: 'the pathname sent', value: pathname },
  { label: "the site's hostOrigin", value: hostOrigin },
]

describe('a new resource value made of its inputs', () => {
  it.each([
    ['https://a.example.com/blog/x', '/blog/x', "{the site's hostOrigin}{the pathname sent}"],
    ['https://a.example.com/', '/', "{the site's hostOrigin}{the pathname sent}"],
    ['https://a.example.com', '/', "{the site's hostOrigin}"],
    ['https://other.example/x', '/x', 'https://other.example{the pathname sent}'],
    // An input found only inside a literal is no part of how the value was made.
    ['https://b.example/c', '/', undefined],
    ['plain', '/x', undefined],
  ])('%j from the pathname %j is %j', (value, pathname, template) => {
    expect(templateOf(value, inputs(pathname))).toBe(template)
  })

  it('renders a template again from the inputs as they are now, and tells templates from values', () => {
    const template = templateOf('https://a.example.com/old', inputs('/old'))!
    expect(render(template, inputs('/new'))).toBe('https://a.example.com/new')
    expect(isTemplate(template, inputs('/new'))).toBe(true)
    expect(isTemplate('null', inputs('/new'))).toBe(false)
    expect(isTemplate(undefined, inputs('/new'))).toBe(false)
  })
})
