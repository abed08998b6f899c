import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Menu } from './menu.tsx'

function renderMenu() {
  const preview = vi.fn()
  const publish = vi.fn()
  const redRains = vi.fn()
  render(
    <Menu
      label="Actions"
      items={[
        { label: 'Preview', onSelect: preview },
        { label: 'Publish...', onSelect: publish, disabled: true },
        { label: 'Red Rains', onSelect: redRains, checked: true },
      ]}
    />,
  )
  return { preview, publish, redRains }
}

describe('Menu', () => {
  it('opens on click and runs the chosen item, then closes', async () => {
    const user = userEvent.setup({ delay: null })
    const { preview } = renderMenu()
    const trigger = screen.getByRole('button', { name: 'Actions' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await user.click(trigger)
    expect(screen.getByRole('menuitem', { name: 'Preview' })).toHaveFocus()
    expect(screen.getByRole('menuitem', { name: 'Publish...' })).toBeDisabled()
    expect(screen.getByRole('menuitemcheckbox', { name: 'Red Rains' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await user.click(screen.getByRole('menuitem', { name: 'Preview' }))
    expect(preview).toHaveBeenCalledOnce()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('moves over enabled items with the arrow keys; Escape closes and returns focus', async () => {
    const user = userEvent.setup({ delay: null })
    const { redRains } = renderMenu()
    await user.click(screen.getByRole('button', { name: 'Actions' }))
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitemcheckbox', { name: 'Red Rains' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(redRains).toHaveBeenCalledOnce()

    await user.click(screen.getByRole('button', { name: 'Actions' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus()
  })
})
