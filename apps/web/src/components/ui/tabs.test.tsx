import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Tabs } from './tabs.tsx'

function Example({ mineDisabled = false }: { mineDisabled?: boolean }) {
  const [value, setValue] = useState<'all' | 'mine' | 'none'>('all')
  return (
    <Tabs
      label="Releases"
      value={value}
      onChange={setValue}
      items={[
        { value: 'all', label: 'All' },
        { value: 'mine', label: 'Mine', disabled: mineDisabled },
        { value: 'none', label: 'None' },
      ]}
    >
      <p>Showing {value}</p>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('switches the panel on click and marks the selected tab', async () => {
    const user = userEvent.setup({ delay: null })
    render(<Example />)
    await user.click(screen.getByRole('tab', { name: 'Mine' }))
    expect(screen.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Mine' })).toHaveTextContent('Showing mine')
  })

  it('moves with the arrow keys, skipping disabled tabs', async () => {
    const user = userEvent.setup({ delay: null })
    render(<Example mineDisabled />)
    await user.click(screen.getByRole('tab', { name: 'All' }))
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'None' })).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing none')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus()
  })
})
