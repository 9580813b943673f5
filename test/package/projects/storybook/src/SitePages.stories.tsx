import type { Meta, StoryObj } from '@storybook/react-vite'
import { createMockHandlers } from 'sitemock/handlers'
import { expect } from 'storybook/test'
import { SitePages } from './SitePages'

// Two sites of 24 pages each, their ids and keys fixed by the seed.
const { mock, handlers } = createMockHandlers({ scenario: 'multi-locale' })
const [firstSite, secondSite] = mock.credentials().sites

const meta = {
  component: SitePages,
  parameters: { msw: { handlers } },
  // The mock lives as long as the page: without a reset, a page one story creates would show in the next.
  beforeEach: () => {
    mock.reset()
  },
  args: { site: firstSite },
} satisfies Meta<typeof SitePages>

export default meta
type Story = StoryObj<typeof meta>

export const FirstSite: Story = {}

export const SecondSite: Story = { args: { site: secondSite } }

export const AddPage: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add page' }))
    await expect(await canvas.findByText('/launch')).toBeVisible()
  },
}
