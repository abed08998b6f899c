import type { Comment, CommentCreate, CommentEdit } from '@spellboard/core/comments'
import { LIMITS } from '@spellboard/core/limits'
import type { Page } from '@spellboard/core/pagination'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './client.ts'

const COMMENTS = 'comments'

/** Where a 1-based page of a thread starts. */
export function commentOffset(page: number): number {
  return (page - 1) * LIMITS.commentPageSize
}

/** How many comments a thread holds now, asked afresh (one comment's worth of answer). */
export async function fetchCommentCount(entityId: number): Promise<number> {
  const first = await api<Page<Comment>>(`/comments/${entityId}`, { query: { limit: 1 } })
  return first.count
}

/**
 * One page of a card's or deck's thread, oldest first (`GET /v2/comments/{entityId}`). `viewer`
 * keys the cache by account: admins also get the text of deleted comments.
 */
export const commentsQuery = (entityId: number, page: number, viewer: string | null) =>
  queryOptions({
    queryKey: [COMMENTS, entityId, page, viewer],
    queryFn: ({ signal }) =>
      api<Page<Comment>>(`/comments/${entityId}`, {
        query: { limit: LIMITS.commentPageSize, offset: commentOffset(page) },
        signal,
      }),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  })

function useRefreshThread(entityId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [COMMENTS, entityId] })
}

/** `POST /v2/comments/{entityId}`; the answer is only a confirmation. */
export function usePostComment(entityId: number) {
  const refresh = useRefreshThread(entityId)
  return useMutation({
    mutationFn: (body: CommentCreate) =>
      api<unknown>(`/comments/${entityId}`, { method: 'POST', json: body }),
    onSuccess: refresh,
  })
}

/** `PATCH /v2/comment/{id}` (singular): the author rewrites a comment of this thread. */
export function useEditComment(entityId: number) {
  const refresh = useRefreshThread(entityId)
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: CommentEdit }) =>
      api<Comment>(`/comment/${id}`, { method: 'PATCH', json: edit }),
    onSuccess: refresh,
  })
}

/** `DELETE /v2/comment/{id}`: the comment keeps its number and reads 'Deleted by author.' */
export function useDeleteComment(entityId: number) {
  const refresh = useRefreshThread(entityId)
  return useMutation({
    mutationFn: (id: number) => api<void>(`/comment/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
}
