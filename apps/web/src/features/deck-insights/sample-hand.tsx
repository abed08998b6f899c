import { type SampleHand as Hand, sampleHand } from '@spellboard/core/sample-hand'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { CardLink } from '../card-link/card-link.tsx'
import insights from './deck-insights.module.css'
import styles from './playtest.module.css'
import type { SampleDeck } from './sample-area.tsx'
import { newSeed, type SampleControl, type SampleState } from './use-sample-state.ts'

type SampleHandProps = {
  deck: SampleDeck
  sample: SampleState
  update: SampleControl['update']
  /** Opened by the player's click: focus moves to 'Next round'. */
  focusOnOpen: boolean
  onHide: () => void
}

const cardNames = (round: Hand['rounds'][number]) => round.cards.map((card) => card.name).join(', ')

/** What a screen reader says after a draw: the newest round's cards. */
function drawnText(hand: Hand, shuffled: boolean): string {
  const round = hand.rounds.at(-1)
  if (!round) return ''
  const opening = round.round === 1 && hand.opening === 'first-five' ? ', your First Five' : ''
  const empty = hand.left === 0 && round.round > 1 ? ' The draw pile is empty.' : ''
  return `${shuffled ? 'Shuffled again. ' : ''}Round ${round.round}${opening}: ${cardNames(round)}.${empty}`
}

/**
 * The 'Sample hand' region: round 1's hand, then each round drawn with 'Next round' under the
 * one before, from the shuffle the seed names; 'Shuffle again' starts over with a new seed.
 */
export function SampleHand({ deck, sample, update, focusOnOpen, onHide }: SampleHandProps) {
  const id = useId()
  const { cards, first_five } = deck
  const hand = useMemo(
    () => sampleHand({ cards, first_five }, sample.seed, sample.rounds),
    [cards, first_five, sample.seed, sample.rounds],
  )
  const legacy = deck.is_legacy === true
  const pileEmpty = hand.rounds.length >= hand.lastRound
  const drawn = hand.rounds.reduce((total, round) => total + round.cards.length, 0)
  const nextButton = useRef<HTMLButtonElement>(null)
  const shuffleButton = useRef<HTMLButtonElement>(null)
  const lastAction = useRef<'open' | 'next' | 'shuffle'>('open')

  useEffect(() => {
    if (focusOnOpen) nextButton.current?.focus()
  }, [focusOnOpen])
  // 'Next round' is disabled once the pile is empty: the focus moves on to 'Shuffle again'.
  useEffect(() => {
    if (pileEmpty && lastAction.current === 'next') shuffleButton.current?.focus()
  }, [pileEmpty])

  // The live region is emptied, then filled, so that a repeated text is read again.
  const [spoken, setSpoken] = useState('')
  const message = drawnText(hand, lastAction.current === 'shuffle')
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new draw is a new seed or round
  useEffect(() => {
    setSpoken('')
    const timer = setTimeout(() => setSpoken(message), 150)
    return () => clearTimeout(timer)
  }, [sample.seed, sample.rounds])

  return (
    <section className={`${insights.block} ${styles.sample}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={insights.blockTitle}>
        Sample hand
      </h3>
      <p className={insights.muted}>
        {hand.opening === 'first-five'
          ? 'Round 1 is your First Five; each round after draws the next five cards of the shuffled pile.'
          : 'Without a complete First Five, round 1 is the first five cards of the shuffled deck; each round after draws the next five.'}
      </p>
      {hand.rounds.map((round) => (
        <div
          key={round.round}
          className={styles.round}
          data-newest={round.round === hand.rounds.length || undefined}
        >
          <h4 id={`${id}-round-${round.round}`} className={styles.roundTitle}>
            Round {round.round}
          </h4>
          <ul className={styles.cards} aria-labelledby={`${id}-round-${round.round}`}>
            {round.cards.map((card, index) => (
              // A round may hold two copies of a card: the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a round never move
              <li key={index} className={styles.card}>
                <CardLink card={card} legacy={legacy} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p id={`${id}-pile`} className={insights.muted}>
        {pileEmpty
          ? `The draw pile is empty: all ${drawn} cards have been drawn.`
          : `${hand.left} ${hand.left === 1 ? 'card' : 'cards'} left in the draw pile.`}
      </p>
      <div className={styles.actions}>
        <Button
          ref={nextButton}
          variant="primary"
          disabled={pileEmpty}
          aria-describedby={`${id}-pile`}
          onClick={() => {
            lastAction.current = 'next'
            update((current) => current && { ...current, rounds: current.rounds + 1 })
          }}
        >
          Next round
        </Button>
        <Button
          ref={shuffleButton}
          onClick={() => {
            lastAction.current = 'shuffle'
            update(() => ({ seed: newSeed(), rounds: 1 }))
          }}
        >
          Shuffle again
        </Button>
        <Button variant="ghost" onClick={onHide}>
          Hide sample hand
        </Button>
      </div>
      <p role="status" className="visually-hidden">
        {spoken}
      </p>
    </section>
  )
}
