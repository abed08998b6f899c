import { problemText } from '@spellboard/core/deck-problem-text'
import { publishProblems } from '@spellboard/core/deck-rules'
import { deckTitle } from '@spellboard/core/deck-sections'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { deckDetailsQuery } from '../../api/decks.ts'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Menu } from '../../components/ui/menu.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import type { BuilderDeck } from '../../store/builder-slice.ts'
import { setRedRains } from '../../store/builder-transitions.ts'
import { LazyDeckInsights } from '../deck-insights/lazy-deck-insights.tsx'
import { DeckView } from '../deck-view/deck-view.tsx'
import type { SnapshotVariant } from './snapshot-dialog.tsx'

// The dialogs and their form libraries load when first opened, not with the pane.
const ExportDialog = lazy(() =>
  import('../deck-export/export-dialog.tsx').then((m) => ({ default: m.ExportDialog })),
)
const SnapshotDialog = lazy(() =>
  import('./snapshot-dialog.tsx').then((m) => ({ default: m.SnapshotDialog })),
)

type Open = 'preview' | 'share' | SnapshotVariant | null

/**
 * Why Snapshot... and Publish... are unavailable, or null when the deck may be published. The
 * deck's own problems come from the shared rules, worded as the builder's 'Problems' list.
 */
export function snapshotBlocker(
  deck: BuilderDeck,
  flags: { dirty: boolean; saving: boolean },
): string | null {
  if (flags.saving) return 'Wait for the deck to finish saving'
  if (flags.dirty || deck.id === null) return 'Save your deck first'
  const blocking = publishProblems(deck)
  if (blocking.length) return `Fix first: ${blocking.map(problemText).join('; ')}`
  return null
}

/** The share link belongs to the saved deck: the details call knows it (the save answer never does). */
function useShareUuid(id: number | null, wanted: boolean): string | null {
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const details = useQuery({
    ...deckDetailsQuery(id ?? 0, true, viewer),
    enabled: wanted && id !== null,
  })
  return details.data?.deck.direct_share_uuid ?? null
}

/** Preview, Share..., Snapshot..., Publish... and the Red Rains switch of the open deck. */
export function BuilderActions() {
  const builder = useAppStore((state) => state.builder)
  const updateBuilder = useAppStore((state) => state.updateBuilder)
  const [open, setOpen] = useState<Open>(null)
  const { deck } = builder
  const shareUuid = useShareUuid(deck.id, open === 'share')
  const blocker = snapshotBlocker(deck, builder)
  const close = () => setOpen(null)

  return (
    <>
      <Menu
        label="Actions"
        align="end"
        disabled={!deck.phoenixborn}
        items={[
          { label: 'Preview', onSelect: () => setOpen('preview') },
          { label: 'Share...', onSelect: () => setOpen('share') },
          {
            label: 'Snapshot...',
            onSelect: () => setOpen('snapshot'),
            disabled: blocker !== null,
            title: blocker ?? undefined,
          },
          {
            label: 'Publish...',
            onSelect: () => setOpen('publish'),
            disabled: blocker !== null,
            title: blocker ?? undefined,
          },
          {
            label: 'Red Rains',
            checked: deck.isRedRains,
            onSelect: () => {
              const refused = updateBuilder((state) => setRedRains(state, !state.deck.isRedRains))
              if (refused) notify.error(refused)
            },
          },
        ]}
      />
      {deck.phoenixborn ? (
        <>
          <Dialog
            open={open === 'preview'}
            onClose={close}
            size="lg"
            title={deckTitle({ title: deck.title, phoenixborn: deck.phoenixborn })}
          >
            <DeckView deck={{ ...deck, phoenixborn: deck.phoenixborn }} />
            <LazyDeckInsights
              deck={{
                ...deck,
                phoenixborn: deck.phoenixborn,
                first_five: deck.firstFive,
                effect_costs: deck.effectCosts,
              }}
              sampleInAddress={false}
            />
          </Dialog>
          {open === 'share' ? (
            <Suspense fallback={null}>
              <ExportDialog
                open
                onClose={close}
                deck={{
                  ...deck,
                  phoenixborn: deck.phoenixborn,
                  direct_share_uuid: shareUuid,
                  is_snapshot: false,
                  is_public: false,
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
      {(open === 'snapshot' || open === 'publish') && deck.id !== null && deck.phoenixborn ? (
        <Suspense fallback={null}>
          <SnapshotDialog
            variant={open}
            onClose={close}
            deck={{ ...deck, id: deck.id, phoenixborn: deck.phoenixborn }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
