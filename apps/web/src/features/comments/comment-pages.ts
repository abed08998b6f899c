import { LIMITS } from '@spellboard/core/limits'

/** How many pages a thread of `count` comments fills (at least one, so an empty thread has page 1). */
export function commentPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / LIMITS.commentPageSize))
}

/** The address of a page of comments: `?page=N`, left out for the first page; other keys stay. */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search)
  if (page > 1) next.set('page', String(page))
  else next.delete('page')
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** The page the newest comment lands on once one more is posted to a thread of `count`. */
export function lastPageAfterPosting(count: number): number {
  return commentPageCount(count + 1)
}

/**
 * Whether a comment arrived after the player last looked: only for subscribers (a marker), and
 * never their own words.
 */
export function isNewComment(
  comment: { entity_id: number; user: { badge: string } },
  seenAtLoad: number | null | undefined,
  viewer: string | null,
): boolean {
  return (
    Boolean(seenAtLoad) && comment.entity_id > (seenAtLoad ?? 0) && comment.user.badge !== viewer
  )
}

/**
 * The id to move the subscription marker to after a page of comments shows: the last comment's,
 * when the player is subscribed (a truthy marker) and the marker is behind it; else null.
 */
export function markerToSend(
  marker: number | null | undefined,
  comments: readonly { entity_id: number }[],
): number | null {
  const last = comments.at(-1)
  if (!marker || !last || marker >= last.entity_id) return null
  return last.entity_id
}
