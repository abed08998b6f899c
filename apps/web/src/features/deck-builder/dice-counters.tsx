import { MAGIC_TYPES } from '@spellboard/core/cards'
import { diceTotal, maxDiceFor } from '@spellboard/core/deck-rules'
import { DECK_RULES } from '@spellboard/core/limits'
import { useRef } from 'react'
import { Icon, type IconName } from '../../components/icons/icon.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { setDieCount } from '../../store/builder-transitions.ts'
import { dieColours } from '../card-text/game-icon.tsx'
import styles from './dice-counters.module.css'

type Dice = readonly { name: string; count: number }[]

const capitalise = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/** "a Charm die", "an Illusion die": the article goes by the sound of the type's name. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a')

/** What a slot holds, as a player would say it: 'Charm die', or 'Empty die slot'. */
export function slotLabel(name: string): string {
  return name === 'basic' ? 'Empty die slot' : `${capitalise(name)} die`
}

/**
 * The ten dice slots in the deck's order, slots not yet filled showing as basic dice: a list of
 * ten items, each named for what it holds.
 */
export function DiceSlots({ dice }: { dice: Dice }) {
  const filled = dice.flatMap((die) => Array.from({ length: die.count }, () => die.name))
  const slots = Array.from({ length: DECK_RULES.dice }, (_, index) => filled[index] ?? 'basic')
  return (
    <ul className={styles.slots} aria-label="Dice slots">
      {slots.map((name, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
          key={index}
          className={styles.slotItem}
          aria-label={slotLabel(name)}
          title={slotLabel(name)}
        >
          <Icon
            name={(name === 'basic' ? 'basic' : `${name}-power`) as IconName}
            className={styles.slot}
            style={dieColours(name)}
          />
        </li>
      ))}
    </ul>
  )
}

type DieCounterProps = {
  name: string
  dice: Dice
  onChange: (count: number) => void
}

/**
 * One magic type: its die and name, then − and + around a number box (keyboard: Tab to each,
 * arrows in the box); at most 10 minus the other types' dice.
 */
export function DieCounter({ name, dice, onChange }: DieCounterProps) {
  const count = dice.find((die) => die.name === name)?.count ?? 0
  const max = maxDiceFor(name, dice)
  const label = capitalise(name)
  const id = `builder-die-${name}`
  const input = useRef<HTMLInputElement>(null)
  // A button that turns disabled would drop keyboard focus to the page: keep it on the count.
  const step = (next: number) => {
    onChange(next)
    if (next <= 0 || next >= max) input.current?.focus()
  }
  return (
    <li className={styles.counter} data-empty={count === 0}>
      <label htmlFor={id} className={styles.label}>
        <Icon name={`${name}-power` as IconName} className={styles.die} style={dieColours(name)} />
        {label}
      </label>
      <span className={styles.stepper}>
        <button
          type="button"
          className={styles.step}
          aria-label={`Remove ${article(label)} ${label} die`}
          disabled={count <= 0}
          onClick={() => step(count - 1)}
        >
          −
        </button>
        <input
          ref={input}
          id={id}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={count}
          // Nothing to choose: no dice of this type and no free slot left for one.
          disabled={count === 0 && max === 0}
          onChange={(event) => onChange(Number.parseInt(event.target.value, 10) || 0)}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={`Add ${article(label)} ${label} die`}
          disabled={count >= max}
          onClick={() => step(count + 1)}
        >
          +
        </button>
      </span>
    </li>
  )
}

/** The deck's dice: the ten slots, the total, and a counter for every magic type. */
export function DiceCounters() {
  const dice = useAppStore((state) => state.builder.deck.dice)
  const updateBuilder = useAppStore((state) => state.updateBuilder)
  const total = diceTotal(dice)
  const change = (name: string, count: number) => {
    const refused = updateBuilder((state) => setDieCount(state, name, count))
    if (refused) notify.error(refused)
  }
  return (
    <section className={styles.dice} aria-labelledby="builder-dice">
      <div className={styles.header}>
        <h3 id="builder-dice" className={styles.title}>
          Dice
        </h3>
        <span className={styles.total} data-valid={total === DECK_RULES.dice}>
          {total}/{DECK_RULES.dice}
        </span>
      </div>
      <DiceSlots dice={dice} />
      <ul className={styles.counters} aria-label="Dice by type">
        {MAGIC_TYPES.map((name) => (
          <DieCounter
            key={name}
            name={name}
            dice={dice}
            onChange={(count) => change(name, count)}
          />
        ))}
      </ul>
    </section>
  )
}
