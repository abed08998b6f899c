import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { commentsQuery, fetchCommentCount, usePostComment } from '../../api/comments.ts'
import { refreshMarkers } from '../../api/subscriptions.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { parsePageNumber } from '../../lib/page-number.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { requestLogIn } from '../session/login-prompt.ts'
import { CommentItem } from './comment-item.tsx'
import { commentPageCount, isNewComment, lastPageAfterPosting, pageHref } from './comment-pages.ts'
import styles from './comments.module.css'
import { LazyCommentEditor } from './lazy-comment-editor.tsx'
import { useMarkPageSeen, useSeenAtLoad } from './use-last-seen.ts'

export const PAGE_TOO_HIGH = 'Page number for comments too high!'

type CommentsSectionProps = {
  /** The thread: a card's `entity_id` or a deck's `comments_entity_id`. */
  entityId: number
  /** The player's subscription marker in the thread (null when not subscribed). */
  lastSeenEntityId?: number | null
  /** Legacy threads are read-only, and card names link to Legacy cards. */
  legacy?: boolean
}

/**
 * A card's or deck's comments: numbered, 30 to a page (`?page=N`), with what is new since the
 * player's last visit highlighted, and the form to add one.
 */
export function CommentsSection({
  entityId,
  lastSeenEntityId = null,
  legacy = false,
}: CommentsSectionProps) {
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // `?page`: past the end is kept, so the thread can say the page number is too high.
  const page = parsePageNumber(search.get('page')) ?? 1
  const thread = useQuery(commentsQuery(entityId, page, viewer))
  const post = usePostComment(entityId)
  const seenAtLoad = useSeenAtLoad(entityId, lastSeenEntityId)
  const current = thread.isPlaceholderData ? undefined : thread.data
  useMarkPageSeen(entityId, lastSeenEntityId, current?.results)

  const count = thread.data?.count ?? 0
  const pageCount = commentPageCount(count)
  const tooHigh = current !== undefined && current.results.length === 0 && page > 1
  useTooHighToast(tooHigh, `${entityId}:${page}`)
  const top = useScrollToTopOnPageChange(page)
  const hrefForPage = (target: number) => pageHref(pathname, search, target)

  // The thread's size when it is known; a thread that has just appeared (after logging in from
  // it) may still be loading its first page, so it is asked for once the comment is posted.
  const knownCount = thread.data?.count
  const lastPageNow = async (): Promise<number> =>
    knownCount === undefined
      ? commentPageCount(await fetchCommentCount(entityId))
      : lastPageAfterPosting(knownCount)

  const publish = (text: string) =>
    post
      .mutateAsync({ text })
      .then(async () => {
        notify.success('Your comment has been posted!')
        // Posting subscribes the author: the Subscribe button should say so.
        void refreshMarkers(queryClient, entityId)
        const last = await lastPageNow().catch(() => page)
        if (last !== page) navigate(hrefForPage(last))
        return true
      })
      .catch((error: unknown) => {
        notifyApiError(error)
        return false
      })

  let listing: ReactNode
  if (thread.isPending) {
    listing = <SkeletonRows rows={3} rowHeight={72} label="Loading comments..." />
  } else if (thread.isError && !thread.data) {
    listing = <LoadError onRetry={() => void thread.refetch()} />
  } else if (tooHigh) {
    listing = (
      <p className={styles.notice}>
        This thread has {pageCount === 1 ? 'one page' : `${pageCount} pages`}.{' '}
        <Link to={hrefForPage(pageCount)}>Go to the last page</Link>
      </p>
    )
  } else if (!thread.data?.results.length) {
    listing = <p className={styles.notice}>No comments yet!</p>
  } else {
    listing = (
      <>
        <ol
          className={styles.list}
          aria-label="Comments"
          aria-busy={thread.isPlaceholderData || undefined}
        >
          {thread.data.results.map((comment) => (
            <CommentItem
              key={comment.entity_id}
              comment={comment}
              threadId={entityId}
              isNew={isNewComment(comment, seenAtLoad, viewer)}
              mine={viewer !== null && comment.user.badge === viewer}
              legacy={legacy}
            />
          ))}
        </ol>
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefForPage={hrefForPage}
          label="Comment pages"
          disabled={thread.isPlaceholderData}
          single="nothing"
        />
      </>
    )
  }

  return (
    <div ref={top} className={styles.section}>
      {listing}
      {legacy || (thread.isError && !thread.data) ? null : viewer ? (
        <div className={styles.compose}>
          <h3 className={styles.composeTitle}>Post a comment</h3>
          <LazyCommentEditor
            label="Your comment"
            submitLabel="Publish"
            busy={post.isPending}
            onSubmit={publish}
          />
        </div>
      ) : (
        <Button
          variant="primary"
          className={styles.logIn}
          onClick={() => void requestLogIn('required')}
        >
          Log in to comment
        </Button>
      )}
    </div>
  )
}

/** The red box of SPEC §8, with the two places the maintainer reads. */
function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>
        Error loading comments; please notify the maintainer on{' '}
        <a href="https://boardgamegeek.com/boardgame/165838/ashes-rise-of-the-phoenixborn/forums/0">
          BoardGameGeek
        </a>{' '}
        or <a href="https://github.com/spellboard/spellboard/issues">GitHub</a>.
      </p>
      <Button size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  )
}

/** One error toast per page asked for that lies past the end of the thread. */
function useTooHighToast(tooHigh: boolean, key: string) {
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (!tooHigh || shown.current === key) return
    shown.current = key
    notify.error(PAGE_TOO_HIGH)
  }, [tooHigh, key])
}

/**
 * Moving between pages of comments keeps the reader at the comments: navigation scrolls the page
 * to the top first, so bring the section back into view.
 */
function useScrollToTopOnPageChange(page: number) {
  const ref = useRef<HTMLDivElement>(null)
  const previous = useRef(page)
  useEffect(() => {
    if (previous.current === page) return
    previous.current = page
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ref.current?.parentElement?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth' })
  }, [page])
  return ref
}
