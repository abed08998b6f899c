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

/** Delete, asking once ('Confirm?' for 3 seconds); the builder lets go of the deck it deletes. */
export function DeleteDeckButton({ deck, onDeleted, className }: DeleteDeckButtonProps) {
  const remove = useDeleteDeck()
  const forgetDeck = useForgetDeck()

  const onConfirm = () =>
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

  return (
    <ConfirmButton busy={remove.isPending} className={className} onConfirm={onConfirm}>
      Delete
    </ConfirmButton>
  )
}
