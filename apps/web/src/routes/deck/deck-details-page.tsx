import { deckTitle } from '@spellboard/core/deck-sections'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useRef } from 'react'
import { Navigate, useParams } from 'react-router'
import { deckDetailsQuery } from '../../api/decks.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { LazyRichText } from '../../features/card-text/lazy-rich-text.tsx'
import { LazyDeckCollection } from '../../features/collection/lazy-deck-collection.tsx'
import { useIsEditingDeck } from '../../features/deck-builder/builder-hooks.ts'
import { LazyDeckInsights } from '../../features/deck-insights/lazy-deck-insights.tsx'
import { DeckView } from '../../features/deck-view/deck-view.tsx'
import { isMissingDeck, NoDeckFound } from '../../features/deck-view/no-deck-found.tsx'
import { PrintedDetails } from '../../features/deck-view/printed-details.tsx'
import { describeApiError, notifyApiError } from '../../lib/toast.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { useAppStore } from '../../store/app-store.ts'
import { DeckActions, workingDeckId } from './deck-actions.tsx'
import { DeckComments } from './deck-comments.tsx'
import styles from './deck-details.module.css'
import { DeckMeta } from './deck-meta.tsx'
import { MyDeckBanner } from './my-deck-banner.tsx'

export function DeckDetailsPage() {
  return <DeckDetailsScreen mine={false} />
}

export function MyDeckDetailsPage() {
  return <DeckDetailsScreen mine />
}

function parseId(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null
}

function DeckDetailsScreen({ mine }: { mine: boolean }) {
  const id = parseId(useParams().id)
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const details = useQuery({ ...deckDetailsQuery(id ?? 0, mine, viewer), enabled: id !== null })
  // The deck renders as a deferred update, which React splits into short tasks; the query's own
  // update would render it all in one long task and hold up the page. (A first visit mounts the
  // screen in a transition, already split, with the answer fetched early.)
  const data = useDeferredValue(details.data)
  const deck = data?.deck
  useDocumentTitle(deck ? deckTitle(deck) : undefined)

  // When the builder lets go of this deck it has just saved it: show what it saved.
  const editing = useIsEditingDeck(mine && deck ? workingDeckId(deck) : null)
  const wasEditing = useRef(editing)
  useEffect(() => {
    if (wasEditing.current && !editing) void details.refetch()
    wasEditing.current = editing
  }, [editing, details.refetch])

  const failed = details.isError && !isMissingDeck(details.error)
  useEffect(() => {
    if (failed) notifyApiError(details.error)
  }, [failed, details.error])

  if (id === null || (details.isError && isMissingDeck(details.error))) return <NoDeckFound />
  if (failed) {
    return (
      <Alert tone="error" title="This deck could not be loaded.">
        <p>{describeApiError(details.error).join(' ')}</p>
        <Button size="sm" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (!data || !deck) return <SkeletonRows rows={10} label="Loading deck..." />
  // Published decks have one address for everyone.
  if (mine && deck.is_public) return <Navigate to={`/decks/${deck.id}/`} replace />

  const legacy = deck.is_legacy === true
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={deck.title ? undefined : styles.untitled}>{deckTitle(deck)}</h1>
        {legacy ? (
          <Alert tone="warning">
            This is a legacy 1.0 deck that cannot be played using Reborn cards.
          </Alert>
        ) : null}
        {mine ? <MyDeckBanner details={data} /> : null}
      </header>
      <PrintedDetails
        deck={deck}
        address={`${window.location.origin}${mine ? `/decks/mine/${id}/` : `/decks/${deck.id}/`}`}
      />
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label="About this deck">
          <DeckMeta details={data} />
          <DeckActions details={data} mine={mine} />
        </aside>
        <div className={styles.main}>
          <DeckView deck={deck} fullCards />
          <LazyDeckCollection deck={deck} legacy={legacy} />
          <LazyDeckInsights deck={deck} fullCards />
        </div>
      </div>
      {deck.description?.trim() ? (
        <section className={styles.description} aria-labelledby="deck-description">
          <h2 id="deck-description">Description</h2>
          <LazyRichText text={deck.description} legacy={legacy} />
        </section>
      ) : null}
      {deck.is_public && deck.comments_entity_id ? (
        <DeckComments
          entityId={deck.comments_entity_id}
          lastSeenEntityId={data.last_seen_entity_id ?? null}
          legacy={legacy}
        />
      ) : null}
    </article>
  )
}
