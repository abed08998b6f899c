import { deckTitle } from '@spellboard/core/deck-sections'
import { TIMINGS } from '@spellboard/core/limits'
import { useEffect, useRef, useState } from 'react'
import { useDeleteDeck } from '../../api/decks.ts'
import { Button } from '../../components/ui/button.tsx'
import { useForgetDeck } from '../../features/deck-builder/builder-hooks.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'

type DeletableDeck = {
  id: number
  title: string | null
  phoenixborn: { name: string }
  is_snapshot: boolean
}

type DeleteDeckButtonProps = {
  deck: DeletableDeck
  onDeleted: () => void
  className?: string
}

/**
 * Delete asks once: the first click turns the button into 'Confirm?' for 3 seconds, and only a
 * second click within that time deletes.
 */
export function DeleteDeckButton({ deck, onDeleted, className }: DeleteDeckButtonProps) {
  const [confirming, setConfirming] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const remove = useDeleteDeck()
  const forgetDeck = useForgetDeck()

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const onClick = () => {
    window.clearTimeout(timer.current)
    if (!confirming) {
      setConfirming(true)
      timer.current = window.setTimeout(() => setConfirming(false), TIMINGS.deleteConfirmMs)
      return
    }
    setConfirming(false)
    remove.mutate(deck.id, {
      onSuccess: () => {
        forgetDeck(deck.id)
        notify.success(
          `Your ${deck.is_snapshot ? 'snapshot' : 'deck'} "${deckTitle(deck)}" has been deleted!`,
        )
        onDeleted()
      },
      onError: notifyApiError,
    })
  }

  return (
    <Button
      variant={confirming ? 'danger' : 'secondary'}
      busy={remove.isPending}
      className={className}
      onClick={onClick}
    >
      {confirming ? 'Confirm?' : 'Delete'}
    </Button>
  )
}
