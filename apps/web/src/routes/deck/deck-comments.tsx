import { lazy } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { AfterPaint } from '../../lib/after-paint.tsx'
import styles from './deck-details.module.css'

// The thread sits below the fold and brings the markdown renderer and the comment form:
// it loads once the page has painted what the visitor came for.
const CommentsSection = lazy(() =>
  import('../../features/comments/comments-section.tsx').then((m) => ({
    default: m.CommentsSection,
  })),
)

type DeckCommentsProps = {
  /** The deck's thread (its working deck's entity id). */
  entityId: number
  lastSeenEntityId: number | null
  legacy: boolean
}

/** Where a public deck's comment thread sits on the page. */
export function DeckComments({ entityId, lastSeenEntityId, legacy }: DeckCommentsProps) {
  return (
    <section id="comments" className={styles.comments} aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      <AfterPaint fallback={<SkeletonRows rows={3} rowHeight={72} label="Loading comments..." />}>
        <CommentsSection entityId={entityId} lastSeenEntityId={lastSeenEntityId} legacy={legacy} />
      </AfterPaint>
    </section>
  )
}
