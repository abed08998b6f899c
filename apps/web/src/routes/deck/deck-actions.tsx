import type { DeckDetails, DeckSaveOut } from '@spellboard/core/decks'
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { fetchSavedDeck, useCloneDeck } from '../../api/decks.ts'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { useConfirmStep } from '../../components/ui/confirm-button.tsx'
import { Menu, type MenuItem } from '../../components/ui/menu.tsx'
import { useEditDeck, useIsEditingDeck } from '../../features/deck-builder/builder-hooks.ts'
import { useCompareWith } from '../../features/deck-compare/compare-with-button.tsx'
import { PrintButton } from '../../features/deck-view/print-button.tsx'
import { SubscribeButton, useSubscription } from '../../features/subscriptions/subscribe-button.tsx'
import { notifyApiError } from '../../lib/toast.ts'
import { MEDIA, useMediaQuery } from '../../lib/use-media-query.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './deck-details.module.css'
import { DeleteDeckButton, useDeleteDeckAction } from './delete-deck-button.tsx'

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
function useEditAction(deck: DeckDetails['deck'], mine: boolean) {
  const workingId = workingDeckId(deck)
  const editing = useIsEditingDeck(workingId)
  const editDeck = useEditDeck()
  const [loading, setLoading] = useState(false)

  const run = async () => {
    if (workingId === null) return
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
  return { label: editing ? 'Editing' : 'Edit', disabled: editing, busy: loading, run }
}

/** Clone & Edit (same mode) and Clone as PvE/PvP (the other one): the copy opens in the builder. */
function useCloneActions(deck: DeckDetails['deck']) {
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
  return {
    pending,
    busy: clone.isPending,
    otherLabel: deck.is_red_rains ? 'Clone as PvP' : 'Clone as PvE',
    run,
  }
}

/** One action of the deck: its button, and the same action as an item of the phone's menu. */
type DeckAction = { key: string; button: ReactNode; item: MenuItem }

/**
 * The two actions a phone shows as buttons, the most used for this viewer: the owner edits, a
 * player clones, anyone shares; everything else goes in the 'More' menu.
 */
function phoneButtons(owner: boolean, player: boolean): readonly string[] {
  if (owner) return ['edit', 'share']
  if (player) return ['clone', 'share']
  return ['share', 'history']
}

/**
 * Share, history, and what the viewer may do with the deck: the owner edits and deletes, any
 * player clones and subscribes. Legacy decks are read-only. On a phone, two buttons and a menu.
 */
export function DeckActions({ details, mine }: DeckActionsProps) {
  const { deck } = details
  const session = useAppStore((state) => state.session)
  const navigate = useNavigate()
  const phone = useMediaQuery(MEDIA.phone)
  const [sharing, setSharing] = useState(false)
  const [editingSnapshot, setEditingSnapshot] = useState(false)
  const legacy = deck.is_legacy === true
  const owner = mine || (session !== null && deck.user.badge === session.badge)
  const historyId = workingDeckId(deck)
  const historyPath = mine ? `/decks/mine/${historyId}/history/` : `/decks/${historyId}/history/`
  const historyLabel = mine ? 'Private History' : 'History'

  const edit = useEditAction(deck, mine)
  const afterDelete = () => navigate(deck.is_red_rains ? '/decks/mine/red-rains/' : '/decks/mine/')
  const remove = useDeleteDeckAction(deck, afterDelete)
  const confirmDelete = useConfirmStep(remove.run)
  const clone = useCloneActions(deck)
  const compare = useCompareWith(deck.id)
  const subscription = useSubscription(
    'deck',
    deck.comments_entity_id ?? 0,
    details.last_seen_entity_id,
  )

  const actions: DeckAction[] = [
    {
      key: 'share',
      button: <Button onClick={() => setSharing(true)}>Share...</Button>,
      item: { label: 'Share...', onSelect: () => setSharing(true) },
    },
    {
      key: 'print',
      button: <PrintButton />,
      item: { label: 'Print', onSelect: () => window.print() },
    },
  ]
  if (historyId !== null) {
    actions.push({
      key: 'history',
      button: (
        <Link className={buttonClass()} to={historyPath}>
          {historyLabel}
        </Link>
      ),
      item: { label: historyLabel, onSelect: () => navigate(historyPath) },
    })
  }
  actions.push({
    key: 'compare',
    button: <Button onClick={compare.open}>Compare with…</Button>,
    item: { label: 'Compare with…', onSelect: compare.open },
  })
  if (owner && !legacy) {
    if (historyId !== null) {
      actions.push({
        key: 'edit',
        button: (
          <Button disabled={edit.disabled} busy={edit.busy} onClick={() => void edit.run()}>
            {edit.label}
          </Button>
        ),
        item: { label: edit.label, disabled: edit.disabled, onSelect: () => void edit.run() },
      })
    }
    if (deck.is_snapshot) {
      actions.push({
        key: 'edit-snapshot',
        button: <Button onClick={() => setEditingSnapshot(true)}>Edit Snapshot...</Button>,
        item: { label: 'Edit Snapshot...', onSelect: () => setEditingSnapshot(true) },
      })
    }
    actions.push({
      key: 'delete',
      button: <DeleteDeckButton deck={deck} onDeleted={afterDelete} />,
      item: {
        label: confirmDelete.confirming ? 'Confirm?' : 'Delete',
        disabled: remove.busy,
        keepOpen: !confirmDelete.confirming,
        onSelect: confirmDelete.press,
      },
    })
  }
  if (session && !legacy) {
    actions.push(
      {
        key: 'clone',
        button: (
          <Button
            busy={clone.pending === 'same'}
            disabled={clone.busy}
            onClick={() => clone.run('same')}
          >
            Clone &amp; Edit
          </Button>
        ),
        item: { label: 'Clone & Edit', disabled: clone.busy, onSelect: () => clone.run('same') },
      },
      {
        key: 'clone-other',
        button: (
          <Button
            busy={clone.pending === 'other'}
            disabled={clone.busy}
            onClick={() => clone.run('other')}
          >
            {clone.otherLabel}
          </Button>
        ),
        item: { label: clone.otherLabel, disabled: clone.busy, onSelect: () => clone.run('other') },
      },
    )
    if (deck.comments_entity_id) {
      actions.push({
        key: 'subscribe',
        button: (
          <SubscribeButton
            subject="deck"
            entityId={deck.comments_entity_id}
            lastSeenEntityId={details.last_seen_entity_id}
          />
        ),
        item: {
          label: subscription.label,
          disabled: subscription.busy,
          onSelect: subscription.run,
        },
      })
    }
  }

  const shown = phone ? phoneButtons(owner && !legacy, session !== null && !legacy) : null
  const buttons = shown
    ? shown.flatMap((key) => actions.filter((action) => action.key === key))
    : actions
  const rest = shown ? actions.filter((action) => !shown.includes(action.key)) : []

  return (
    <>
      <div className={styles.actions} data-compact={shown ? 'true' : undefined}>
        {buttons.map((action) => (
          <Fragment key={action.key}>{action.button}</Fragment>
        ))}
        {rest.length ? (
          <Menu label="More" align="end" items={rest.map((action) => action.item)} />
        ) : null}
      </div>
      {compare.dialog}
      <Suspense fallback={null}>
        {sharing ? <ExportDialog open onClose={() => setSharing(false)} deck={deck} /> : null}
        {deck.is_snapshot && editingSnapshot ? (
          <EditSnapshotDialog open onClose={() => setEditingSnapshot(false)} snapshot={deck} />
        ) : null}
      </Suspense>
    </>
  )
}
