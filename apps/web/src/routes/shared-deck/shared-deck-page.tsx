import { deckTitle } from '@spellboard/core/deck-sections'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { sharedDeckQuery, useCloneDeck } from '../../api/decks.ts'
import { Button } from '../../components/ui/button.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { LazyRichText } from '../../features/card-text/lazy-rich-text.tsx'
import { useEditDeck } from '../../features/deck-builder/builder-hooks.ts'
import { CompareWithButton } from '../../features/deck-compare/compare-with-button.tsx'
import { shareUrl } from '../../features/deck-export/share-url.ts'
import { LazyDeckInsights } from '../../features/deck-insights/lazy-deck-insights.tsx'
import { playerPath } from '../../features/deck-list/deck-list.tsx'
import { DeckView } from '../../features/deck-view/deck-view.tsx'
import { PrintButton } from '../../features/deck-view/print-button.tsx'
import { PrintedDetails } from '../../features/deck-view/printed-details.tsx'
import { notifyApiError } from '../../lib/toast.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './shared-deck-page.module.css'

const ASHTEKI_URL = 'https://ashteki.com'
const TTS_MOD_URL = 'https://steamcommunity.com/sharedfiles/filedetails/?id=2386753960'

/** A deck opened through its share link: anyone with the link may see and clone it. */
export function SharedDeckPage() {
  const { uuid = '' } = useParams()
  const navigate = useNavigate()
  const loggedIn = useAppStore((state) => state.session !== null)
  const shared = useQuery({ ...sharedDeckQuery(uuid), retry: false })
  const clone = useCloneDeck()
  const editDeck = useEditDeck()
  const deck = shared.data
  useDocumentTitle(deck ? deckTitle(deck) : undefined)

  // A link that leads nowhere sends the visitor home with the reason.
  useEffect(() => {
    if (!shared.isError) return
    notifyApiError(shared.error)
    navigate('/', { replace: true })
  }, [shared.isError, shared.error, navigate])

  if (!deck) return <SkeletonRows rows={10} label="Loading deck..." />

  const cloneAndEdit = () =>
    clone.mutate(
      { id: deck.id, directShareUuid: uuid },
      {
        onSuccess: (copy) => {
          editDeck(copy)
          navigate(`/decks/mine/${copy.id}/`)
        },
        onError: notifyApiError,
      },
    )

  return (
    <article className={styles.page}>
      <h1 className={deck.title ? undefined : styles.untitled}>{deckTitle(deck)}</h1>
      <PrintedDetails deck={deck} address={shareUrl(window.location.origin, uuid)} />
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <div className={styles.notice}>
            <p>
              <strong>
                This deck has been shared with you by{' '}
                <Link to={playerPath(deck.user.badge)}>
                  {deck.user.username}#{deck.user.badge}
                </Link>
                .
              </strong>{' '}
              {deck.is_public ? null : 'Please do not post this link publicly. '}
            </p>
            <p>
              You can use this link to import the deck into{' '}
              <a href={ASHTEKI_URL} target="_blank" rel="noopener noreferrer">
                Ashteki
              </a>{' '}
              or the{' '}
              <a href={TTS_MOD_URL} target="_blank" rel="noopener noreferrer">
                Ashes Reborn Tabletop Simulator mod
              </a>
              .
            </p>
          </div>
          <div className={styles.actions}>
            {loggedIn && deck.is_legacy !== true ? (
              <Button busy={clone.isPending} onClick={cloneAndEdit}>
                Clone &amp; Edit
              </Button>
            ) : null}
            <PrintButton />
            <CompareWithButton deckId={deck.id} />
          </div>
        </aside>
        <div className={styles.main}>
          <DeckView deck={deck} />
          <LazyDeckInsights deck={deck} />
        </div>
      </div>
      {deck.description?.trim() ? (
        <section className={styles.description} aria-labelledby="deck-description">
          <h2 id="deck-description">Description</h2>
          <LazyRichText text={deck.description} legacy={deck.is_legacy === true} />
        </section>
      ) : null}
    </article>
  )
}
