import type { DeckDetails, DeckSaveOut } from '@spellboard/core/decks'
import { lazy, Suspense, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { fetchSavedDeck, useCloneDeck } from '../../api/decks.ts'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { useEditDeck, useIsEditingDeck } from '../../features/deck-builder/builder-hooks.ts'
import { CompareWithButton } from '../../features/deck-compare/compare-with-button.tsx'
import { PrintButton } from '../../features/deck-view/print-button.tsx'
import { SubscribeButton } from '../../features/subscriptions/subscribe-button.tsx'
import { notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './deck-details.module.css'
import { DeleteDeckButton } from './delete-deck-button.tsx'

// The dialogs and their form libraries load when first opened.
const ExportDialog = lazy(() =>
  import('../../features/deck-export/export-dialog.tsx').then((m) => ({ default: m.ExportDialog })),
)
const EditSnapshotDialog = lazy(() =>
  import('./edit-snapshot-dialog.tsx').then((m) => ({ default: m.EditSnapshotDialog })),
)

type DeckActionsProps = {
  details: DeckDetails
  /** The private view (/decks/mine/{id}/). */
  mine: boolean
}

/** The working deck behind what is shown: the deck itself, or the source of a snapshot. */
export function workingDeckId(deck: DeckDetails['deck']): number | null {
  return deck.is_snapshot ? deck.source_id : deck.id
}

/** Loads the working deck into the builder: 'Editing' while it is there. */
function EditButton({ deck, mine }: { deck: DeckDetails['deck']; mine: boolean }) {
  const workingId = workingDeckId(deck)
  const editing = useIsEditingDeck(workingId)
  const editDeck = useEditDeck()
  const [loading, setLoading] = useState(false)
  if (workingId === null) return null

  const onClick = async () => {
    // The private view already holds the saved working deck; anywhere else, fetch it.
    if (mine && !deck.is_snapshot) {
      editDeck(deck)
      return
    }
    setLoading(true)
    try {
      const saved = await fetchSavedDeck(workingId)
      editDeck(saved.deck, saved.version)
    } catch (error) {
      notifyApiError(error)
    } finally {
      setLoading(false)
    }
  }

  return (
    <Button disabled={editing} busy={loading} onClick={() => void onClick()}>
      {editing ? 'Editing' : 'Edit'}
    </Button>
  )
}

function CloneButtons({ deck }: { deck: DeckDetails['deck'] }) {
  const clone = useCloneDeck()
  const editDeck = useEditDeck()
  const navigate = useNavigate()
  const [pending, setPending] = useState<'same' | 'other' | null>(null)

  const run = (which: 'same' | 'other') => {
    setPending(which)
    clone.mutate(
      { id: deck.id, redRains: which === 'same' ? deck.is_red_rains : !deck.is_red_rains },
      {
        onSuccess: (copy: DeckSaveOut) => {
          editDeck(copy)
          navigate(`/decks/mine/${copy.id}/`)
        },
        onError: notifyApiError,
        onSettled: () => setPending(null),
      },
    )
  }

  return (
    <>
      <Button busy={pending === 'same'} disabled={clone.isPending} onClick={() => run('same')}>
        Clone &amp; Edit
      </Button>
      <Button busy={pending === 'other'} disabled={clone.isPending} onClick={() => run('other')}>
        {deck.is_red_rains ? 'Clone as PvP' : 'Clone as PvE'}
      </Button>
    </>
  )
}

/**
 * Share, history, and what the viewer may do with the deck: the owner edits and deletes, any
 * player clones and subscribes. Legacy decks are read-only.
 */
export function DeckActions({ details, mine }: DeckActionsProps) {
  const { deck } = details
  const session = useAppStore((state) => state.session)
  const navigate = useNavigate()
  const [sharing, setSharing] = useState(false)
  const [editingSnapshot, setEditingSnapshot] = useState(false)
  const legacy = deck.is_legacy === true
  const owner = mine || (session !== null && deck.user.badge === session.badge)
  const historyId = workingDeckId(deck)

  return (
    <>
      <div className={styles.actions}>
        <Button onClick={() => setSharing(true)}>Share...</Button>
        <PrintButton />
        {historyId !== null ? (
          <Link
            className={buttonClass()}
            to={mine ? `/decks/mine/${historyId}/history/` : `/decks/${historyId}/history/`}
          >
            {mine ? 'Private History' : 'History'}
          </Link>
        ) : null}
        <CompareWithButton deckId={deck.id} />
        {owner && !legacy ? (
          <>
            <EditButton deck={deck} mine={mine} />
            {deck.is_snapshot ? (
              <Button onClick={() => setEditingSnapshot(true)}>Edit Snapshot...</Button>
            ) : null}
            <DeleteDeckButton
              deck={deck}
              onDeleted={() =>
                navigate(deck.is_red_rains ? '/decks/mine/red-rains/' : '/decks/mine/')
              }
            />
          </>
        ) : null}
        {session && !legacy ? (
          <>
            <CloneButtons deck={deck} />
            {deck.comments_entity_id ? (
              <SubscribeButton
                subject="deck"
                entityId={deck.comments_entity_id}
                lastSeenEntityId={details.last_seen_entity_id}
              />
            ) : null}
          </>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {sharing ? <ExportDialog open onClose={() => setSharing(false)} deck={deck} /> : null}
        {deck.is_snapshot && editingSnapshot ? (
          <EditSnapshotDialog open onClose={() => setEditingSnapshot(false)} snapshot={deck} />
        ) : null}
      </Suspense>
    </>
  )
}
