import type { DrawDeck } from '@spellboard/core/draw-odds'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import insights from './deck-insights.module.css'
import styles from './playtest.module.css'
import { newSeed, type SampleControl } from './use-sample-state.ts'

// The shuffle and the hand's layout load when a player first asks for a sample.
const loadSampleHand = () => import('./sample-hand.tsx')
const SampleHand = lazy(() => loadSampleHand().then((m) => ({ default: m.SampleHand })))
const preload = () => void loadSampleHand()

/** A deck as the Draw odds and the sample hand read it; Legacy decks link Legacy cards. */
export type SampleDeck = DrawDeck & { is_legacy?: boolean | null | undefined }

type SampleAreaProps = { deck: SampleDeck; control: SampleControl }

/** 'Draw a sample hand', or the 'Sample hand' it opens. */
export function SampleArea({ deck, control }: SampleAreaProps) {
  const { sample, unreadable, update } = control
  const drawButton = useRef<HTMLButtonElement>(null)
  // Focus follows the player's own clicks only: a sample opened by a link leaves it alone.
  const [openedHere, setOpenedHere] = useState(false)
  const hiddenHere = useRef(false)
  const isOpen = sample !== null
  useEffect(() => {
    if (isOpen) return
    setOpenedHere(false)
    if (hiddenHere.current) {
      hiddenHere.current = false
      drawButton.current?.focus()
    }
  }, [isOpen])

  if (sample) {
    return (
      <Suspense fallback={<SkeletonRows rows={2} label="Shuffling..." />}>
        <SampleHand
          deck={deck}
          sample={sample}
          update={update}
          focusOnOpen={openedHere}
          onHide={() => {
            hiddenHere.current = true
            update(() => null)
          }}
        />
      </Suspense>
    )
  }
  return (
    <div className={styles.draw}>
      {unreadable ? (
        <p className={insights.muted} role="status">
          The sample hand in this address could not be read: draw a new one.
        </p>
      ) : null}
      <Button
        ref={drawButton}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpenedHere(true)
          update(() => ({ seed: newSeed(), rounds: 1 }))
        }}
      >
        Draw a sample hand
      </Button>
    </div>
  )
}
