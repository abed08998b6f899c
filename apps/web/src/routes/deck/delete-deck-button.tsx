import { deckTitle } from '@spellboard/core/deck-sections'
import { useDeleteDeck } from '../../api/decks.ts'
import { ConfirmButton } from '../../components/ui/confirm-button.tsx'
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

/** Deletes a deck (after the caller's confirmation); the builder lets go of the deck it deletes. */
export function useDeleteDeckAction(deck: DeletableDeck, onDeleted: () => void) {
  const remove = useDeleteDeck()
  const forgetDeck = useForgetDeck()
  const run = () =>
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
  return { busy: remove.isPending, run }
}

/** Delete, asking once ('Confirm?' for 3 seconds). */
export function DeleteDeckButton({ deck, onDeleted, className }: DeleteDeckButtonProps) {
  const { busy, run } = useDeleteDeckAction(deck, onDeleted)
  return (
    <ConfirmButton busy={busy} className={className} onConfirm={run}>
      Delete
    </ConfirmButton>
  )
}
