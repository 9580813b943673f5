import { http, HttpResponse } from 'msw'
import { createMockHandlers, loadFaker, type PageList } from 'sitemock/handlers'
import { expect } from 'storybook/test'
import preview from '../.storybook/preview'
import { SitePages } from './SitePages'

// Two sites of 24 pages each, their ids and keys fixed by the seed; generated, so faker loads first.
await loadFaker()
const { mock, handlers } = createMockHandlers({ scenario: 'multi-locale' })
const [firstSite, secondSite] = mock.credentials().sites

const meta = preview.meta({
  component: SitePages,
  // Before each story: the mock back to its start (state, journal, faults, overrides), and its
  // handlers given to msw, which the addon empties when the story is left.
  beforeEach: ({ msw }) => {
    mock.reset()
    msw.use(...handlers)
  },
  args: { site: firstSite },
})

export const FirstSite = meta.story({
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: firstSite.name })).toBeVisible()
  },
})

export const SecondSite = meta.story({
  args: { site: secondSite },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: secondSite.name })).toBeVisible()
  },
})

export const AddPage = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add page' }))
    await expect(await canvas.findByText('/launch')).toBeVisible()
  },
})

// The service failing, for this story only: the next story's mock.reset() removes the fault.
export const ServerError = meta.story({
  beforeEach: () => {
    mock.faults.add({ route: 'listPages', status: 503 })
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('GET /v6/pages answered 503')
  },
})

// A handler of the story's own, over sitemock's: msw tries the handler added last first.
export const NoPages = meta.story({
  beforeEach: ({ msw }) => {
    const empty: PageList = { object: 'list', data: [], hasMore: false }
    msw.use(http.get('https://api.makeswift.com/v6/pages', () => HttpResponse.json(empty)))
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/: 0 pages$/)).toBeVisible()
  },
})
