import { deckTitle } from '@spellboard/core/deck-sections'
import type { DeckOut } from '@spellboard/core/decks'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { deckDetailsQuery, deckSnapshotsQuery } from '../../api/decks.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { ChangesSincePrevious } from '../../features/deck-compare/changes-link.tsx'
import { DeckList, myDeckPath, publicDeckPath } from '../../features/deck-list/deck-list.tsx'
import { isMissingDeck, NoDeckFound } from '../../features/deck-view/no-deck-found.tsx'
import { describeApiError, notifyApiError } from '../../lib/toast.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './deck-history-page.module.css'

export function DeckHistoryPage() {
  return <DeckHistoryScreen mine={false} />
}

export function MyDeckHistoryPage() {
  return <DeckHistoryScreen mine />
}

function Badges({
  deck,
  latest,
  previous,
}: {
  deck: DeckOut
  latest: boolean
  /** The snapshot before this one, when it is listed. */
  previous: DeckOut | undefined
}) {
  return (
    <>
      <span className={styles.badges}>
        <Tag tone={deck.is_public ? 'success' : 'neutral'}>
          {deck.is_public ? 'Public' : 'Private'}
        </Tag>
        {latest ? <Tag tone="accent">Latest</Tag> : null}
      </span>
      {previous ? <ChangesSincePrevious previous={previous} current={deck} /> : null}
    </>
  )
}

const snapshotPath = (deck: DeckOut) => (deck.is_public ? publicDeckPath(deck) : myDeckPath(deck))

/**
 * A deck's snapshots, newest first. The private view starts with the latest save and lists
 * private snapshots too; the public one lists published snapshots only.
 */
function DeckHistoryScreen({ mine }: { mine: boolean }) {
  const raw = useParams().id
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const snapshots = useInfiniteQuery({
    ...deckSnapshotsQuery(id ?? 0, !mine, viewer),
    enabled: id !== null,
  })
  const saved = useQuery({
    ...deckDetailsQuery(id ?? 0, true, viewer),
    enabled: mine && id !== null,
  })

  const list = snapshots.data?.pages.flatMap((page) => page.results) ?? []
  const top: DeckOut | undefined = mine ? saved.data?.deck : list[0]
  const heading = top ? `${mine ? 'Private history for' : 'History for'}: ${deckTitle(top)}` : ''
  useDocumentTitle(top ? heading : undefined)

  const error = snapshots.error ?? (mine ? saved.error : null)
  const failed = Boolean(error) && !isMissingDeck(error)
  useEffect(() => {
    if (failed) notifyApiError(error)
  }, [failed, error])

  if (id === null || (error && isMissingDeck(error))) return <NoDeckFound />
  if (failed) {
    return (
      <Alert tone="error" title="This deck's history could not be loaded.">
        <p>{describeApiError(error).join(' ')}</p>
      </Alert>
    )
  }
  if (!snapshots.data || (mine && !saved.data)) {
    return <SkeletonRows rows={6} rowHeight={64} label="Loading snapshots..." />
  }

  const noSnapshots = (
    <EmptyState title="No snapshots" as={top ? 'h2' : 'h1'}>
      <p>This deck does not currently have any snapshots to view!</p>
    </EmptyState>
  )
  if (!top) return noSnapshots

  return (
    <>
      <h1 className={top.title ? undefined : styles.untitled}>{heading}</h1>
      {mine ? (
        <DeckList
          decks={[top]}
          hrefFor={myDeckPath}
          label="Latest save"
          renderBadges={(deck) => <Badges deck={deck} latest previous={list[0]} />}
        />
      ) : null}
      {list.length ? (
        <DeckList
          decks={list}
          hrefFor={snapshotPath}
          timeField="created"
          label="Snapshots"
          renderBadges={(deck) => (
            <Badges
              deck={deck}
              latest={!mine && deck.id === top.id}
              previous={list[list.indexOf(deck) + 1]}
            />
          )}
        />
      ) : (
        noSnapshots
      )}
      {snapshots.hasNextPage ? (
        <div className={styles.more}>
          <Button
            busy={snapshots.isFetchingNextPage}
            onClick={() => void snapshots.fetchNextPage()}
          >
            Load more snapshots...
          </Button>
        </div>
      ) : null}
    </>
  )
}
