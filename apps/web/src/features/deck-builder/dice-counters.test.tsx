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
const add = (type: string) => screen.getByRole('button', { name: `Add a ${type} die` })
const remove = (type: string) => screen.getByRole('button', { name: `Remove a ${type} die` })
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
    expect(screen.getByText('Dice: 2 Charm, 1 Time')).toBeInTheDocument()
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

  it('shows empty slots as basic dice', () => {
    openDeck([{ name: 'charm', count: 2 }])
    const { container } = render(<DiceCounters />)
    const slots = within(container).getByText('Dice: 2 Charm').parentElement
    const faces = [...(slots?.querySelectorAll('svg[data-icon]') ?? [])].map((svg) =>
      svg.getAttribute('data-icon'),
    )
    expect(faces).toEqual(['charm-power', 'charm-power', ...Array(8).fill('basic')])
  })
})
