import { MAGIC_TYPES } from '@spellboard/core/cards'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAppStore } from '../../store/app-store.ts'
import { INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { startNewDeck } from '../../store/builder-transitions.ts'
import { DiceCounters } from './dice-counters.tsx'

function openDeck(dice: { name: string; count: number }[]) {
  const builder = startNewDeck(INITIAL_BUILDER, false)
  useAppStore.setState({
    builder: {
      ...builder,
      deck: { ...builder.deck, phoenixborn: { stub: 'pb', name: 'Pb' }, dice },
    },
  })
}

const dice = () => useAppStore.getState().builder.deck.dice
const article = (type: string) => (/^[AEIOU]/.test(type) ? 'an' : 'a')
const add = (type: string) =>
  screen.getByRole('button', { name: `Add ${article(type)} ${type} die` })
const remove = (type: string) =>
  screen.getByRole('button', { name: `Remove ${article(type)} ${type} die` })
const slots = () =>
  within(screen.getByRole('list', { name: 'Dice slots' }))
    .getAllByRole('listitem')
    .map((slot) => slot.getAttribute('aria-label'))
const count = (type: string) => screen.getByRole('spinbutton', { name: type })

describe('the dice counters', () => {
  beforeEach(() => openDeck([]))

  it('offer every magic type, numeric from 0 in steps of 1', () => {
    render(<DiceCounters />)
    const names = MAGIC_TYPES.map((type) => `${type.charAt(0).toUpperCase()}${type.slice(1)}`)
    for (const name of names) {
      expect(count(name)).toHaveAttribute('min', '0')
      expect(count(name)).toHaveAttribute('step', '1')
      expect(count(name)).toHaveValue(0)
    }
    expect(screen.getAllByRole('spinbutton')).toHaveLength(MAGIC_TYPES.length)
  })

  it('add and remove dice with the buttons, showing them in the ten slots', async () => {
    const user = userEvent.setup()
    render(<DiceCounters />)
    expect(remove('Charm')).toBeDisabled()
    await user.click(add('Charm'))
    await user.click(add('Charm'))
    await user.click(add('Time'))
    expect(dice()).toEqual([
      { name: 'charm', count: 2 },
      { name: 'time', count: 1 },
    ])
    expect(screen.getByText('3/10')).toBeInTheDocument()
    expect(slots()).toEqual([
      'Charm die',
      'Charm die',
      'Time die',
      ...Array(7).fill('Empty die slot'),
    ])
    await user.click(remove('Time'))
    expect(dice()).toEqual([{ name: 'charm', count: 2 }])
  })

  it.each([
    ['a type with dice, at the cap', 'Natural', { add: true, remove: false, input: false }],
    ['a type without dice and no room left', 'Charm', { add: true, remove: true, input: true }],
  ])('with ten dice, %s', (_, type, disabled) => {
    openDeck([{ name: 'natural', count: 10 }])
    render(<DiceCounters />)
    expect(add(type).hasAttribute('disabled')).toBe(disabled.add)
    expect(remove(type).hasAttribute('disabled')).toBe(disabled.remove)
    expect(count(type).hasAttribute('disabled')).toBe(disabled.input)
    expect(screen.getByText('10/10')).toBeInTheDocument()
  })

  it('caps a typed count at ten minus the other dice, and 0 removes the die', async () => {
    openDeck([{ name: 'natural', count: 7 }])
    const user = userEvent.setup()
    render(<DiceCounters />)
    expect(count('Charm')).toHaveAttribute('max', '3')
    await user.type(count('Charm'), '9')
    expect(dice()).toEqual([
      { name: 'natural', count: 7 },
      { name: 'charm', count: 3 },
    ])
    expect(add('Charm')).toBeDisabled()
    expect(count('Charm')).toHaveValue(3)
    await user.clear(count('Natural'))
    expect(dice()).toEqual([{ name: 'charm', count: 3 }])
  })

  it('keeps keyboard focus on the count when + reaches the cap', async () => {
    openDeck([{ name: 'natural', count: 9 }])
    const user = userEvent.setup()
    render(<DiceCounters />)
    add('Time').focus()
    await user.keyboard('{Enter}')
    expect(add('Time')).toBeDisabled()
    expect(count('Time')).toHaveFocus()
  })

  it('shows the ten slots as a list of ten named items, empty ones as basic dice', () => {
    openDeck([
      { name: 'ceremonial', count: 2 },
      { name: 'illusion', count: 1 },
    ])
    render(<DiceCounters />)
    const list = screen.getByRole('list', { name: 'Dice slots' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(10)
    expect(slots()).toEqual([
      'Ceremonial die',
      'Ceremonial die',
      'Illusion die',
      ...Array(7).fill('Empty die slot'),
    ])
    const faces = items.map((item) => item.querySelector('svg')?.getAttribute('data-icon'))
    expect(faces).toEqual([
      'ceremonial-power',
      'ceremonial-power',
      'illusion-power',
      ...Array(7).fill('basic'),
    ])
  })

  it('fill slots with the Ascendancy dice, named and drawn in their own colours', () => {
    openDeck([
      { name: 'artifice', count: 6 },
      { name: 'astral', count: 4 },
    ])
    render(<DiceCounters />)
    expect(slots()).toEqual([...Array(6).fill('Artifice die'), ...Array(4).fill('Astral die')])
    const items = within(screen.getByRole('list', { name: 'Dice slots' })).getAllByRole('listitem')
    const svg = (index: number) => items[index]?.querySelector('svg')
    expect(svg(0)).toHaveAttribute('data-icon', 'artifice-power')
    expect(svg(0)?.style.getPropertyValue('--icon-body')).toBe('var(--die-artifice-body)')
    expect(svg(9)).toHaveAttribute('data-icon', 'astral-power')
    expect(svg(9)?.style.getPropertyValue('--icon-symbol')).toBe('var(--die-astral-symbol)')
    expect(count('Artifice')).toHaveValue(6)
    expect(count('Astral')).toHaveValue(4)
    expect(add('Astral')).toBeDisabled()
  })

  it('say "an" before a type whose name starts with a vowel', () => {
    render(<DiceCounters />)
    for (const type of ['Illusion', 'Artifice', 'Astral']) {
      expect(screen.getByRole('button', { name: `Add an ${type} die` })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: `Remove an ${type} die` })).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: 'Add a Ceremonial die' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add a Illusion/ })).toBeNull()
  })

  // Arrow keys in the number box are the browser's own; the Chromium journey presses them.
  it('step with the keyboard: Enter and Space on the buttons', async () => {
    const user = userEvent.setup()
    render(<DiceCounters />)
    add('Illusion').focus()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(dice()).toEqual([{ name: 'illusion', count: 2 }])
    expect(add('Illusion')).toHaveFocus()
    remove('Illusion').focus()
    await user.keyboard('{Enter}')
    expect(dice()).toEqual([{ name: 'illusion', count: 1 }])
  })
})
