import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from './search-box.tsx'

type HarnessProps = { disabled: boolean; start: string; onSubmit: () => void }

/** A search box holding its own value, disabled while "the listing loads". */
function Harness({ disabled, start, onSubmit }: HarnessProps) {
  const [value, setValue] = useState(start)
  return (
    <>
      <SearchBox
        label="Filter by name or text"
        value={value}
        disabled={disabled}
        onChange={setValue}
        onClear={() => setValue('')}
        onSubmit={onSubmit}
      />
      <button type="button">Elsewhere</button>
    </>
  )
}

/** Renders the box focused, then disables it as a listing's reload does. */
function focusedThenLoading(start: string) {
  const onSubmit = vi.fn()
  const view = render(<Harness disabled={false} start={start} onSubmit={onSubmit} />)
  const box = screen.getByRole('textbox', { name: 'Filter by name or text' })
  box.focus()
  view.rerender(<Harness disabled={true} start={start} onSubmit={onSubmit} />)
  const loaded = () => view.rerender(<Harness disabled={false} start={start} onSubmit={onSubmit} />)
  return { box, onSubmit, loaded }
}

const press = (key: string, init: Record<string, boolean> = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init })

describe('SearchBox while its listing loads', () => {
  it('says it is disabled and takes no text, but keeps the focus', () => {
    const { box } = focusedThenLoading('em')
    expect(box).toHaveAttribute('aria-disabled', 'true')
    expect(box).toHaveAttribute('readonly')
    expect(box).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Clear Search' })).toBeDisabled()
  })

  it('keeps the keys typed meanwhile and types them once it is back, Enter included', () => {
    const { box, onSubmit, loaded } = focusedThenLoading('em')
    for (const key of ['b', 'e', 'r', 'Enter']) press(key)
    expect(box).toHaveValue('em')
    expect(onSubmit).not.toHaveBeenCalled()
    loaded()
    expect(box).toHaveValue('ember')
    expect(box).not.toHaveAttribute('aria-disabled')
    expect(box).not.toHaveAttribute('readonly')
    expect(box).toHaveFocus()
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('takes Backspace back from the keys held, then from the box', () => {
    const { box, onSubmit, loaded } = focusedThenLoading('emx')
    for (const key of ['q', 'Backspace', 'Backspace', 'b', 'e', 'r']) press(key)
    loaded()
    expect(box).toHaveValue('ember')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('leaves shortcuts, named keys and keys meant for another control alone', () => {
    const { box, loaded } = focusedThenLoading('em')
    press('a', { ctrlKey: true })
    press('ArrowDown')
    screen.getByRole('button', { name: 'Elsewhere' }).focus()
    press('z')
    loaded()
    expect(box).toHaveValue('em')
  })
})
