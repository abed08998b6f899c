import { useEffect, useRef, useState } from 'react'
import { useMarkSeen } from '../../api/subscriptions.ts'
import { markerToSend } from './comment-pages.ts'

/**
 * The subscription marker as it was when the thread opened: comments after it stay marked as new
 * for this visit, even once the marker has moved on. A different thread starts over.
 */
export function useSeenAtLoad(entityId: number, marker: number | null): number | null {
  const [opened, setOpened] = useState({ entityId, marker })
  if (opened.entityId !== entityId) {
    const next = { entityId, marker }
    setOpened(next)
    return next.marker
  }
  return opened.marker
}

/**
 * Once a page of comments shows, a subscriber has read up to its last comment: the marker moves
 * there (fire-and-forget) when it is behind. Unsubscribed players have no marker to move.
 */
export function useMarkPageSeen(
  entityId: number,
  marker: number | null,
  comments: readonly { entity_id: number }[] | undefined,
) {
  const markSeen = useMarkSeen(entityId)
  // What this visit already sent, so a re-render before the caches catch up sends nothing twice.
  const sent = useRef<{ entityId: number; seen: number } | null>(null)
  useEffect(() => {
    if (!comments || !marker) return
    const alreadySent = sent.current?.entityId === entityId ? sent.current.seen : 0
    const seen = markerToSend(Math.max(marker, alreadySent), comments)
    if (seen === null) return
    sent.current = { entityId, seen }
    markSeen(seen)
  }, [comments, marker, entityId, markSeen])
}
