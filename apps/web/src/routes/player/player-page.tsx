import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { playerQuery } from '../../api/players.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { RichText } from '../../features/card-text/card-text.tsx'
import { describeApiError } from '../../lib/toast.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import styles from './player-page.module.css'
import { PlayerRecentDecks } from './player-recent-decks.tsx'

export function PlayerPage() {
  const { badge = '' } = useParams()
  const player = useQuery(playerQuery(badge))
  useDocumentTitle(player.data ? `${player.data.username}#${player.data.badge}` : undefined)

  if (player.isError) {
    if (player.error instanceof ApiError && player.error.status === 404) {
      return (
        <EmptyState as="h1" title="No player found">
          <p>Sorry, this does not appear to be a valid player!</p>
        </EmptyState>
      )
    }
    return <Alert tone="error">{describeApiError(player.error).join(' ')}</Alert>
  }
  if (!player.data) return <SkeletonRows rows={4} label="Loading player..." />

  const { username, description } = player.data
  return (
    <div className={styles.page}>
      <h1>
        {username}
        <span className={styles.badge}>#{player.data.badge}</span>
      </h1>
      <RichText text={description} className={styles.description} />
      <section aria-labelledby="recent-decks">
        <h2 id="recent-decks">Recent decks</h2>
        <PlayerRecentDecks badge={player.data.badge} username={username} />
      </section>
      <p className={styles.back}>
        <Link to="/decks/">Browse all decks</Link>
      </p>
    </div>
  )
}
