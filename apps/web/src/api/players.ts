import type { DeckOut } from '@spellboard/core/decks'
import { LIMITS } from '@spellboard/core/limits'
import type { Page } from '@spellboard/core/pagination'
import type {
  AuthToken,
  ChangePassword,
  Detail,
  EmailBody,
  NewPassword,
  ProfilePatch,
  Registration,
  UserPublic,
  UserSelf,
} from '@spellboard/core/users'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './client.ts'

export const playerMeQuery = () =>
  queryOptions({
    queryKey: ['players', 'me'],
    queryFn: ({ signal }) => api<UserSelf>('/players/me', { signal }),
    // The form edits this copy; a background refetch must not overwrite what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  })

export const playerQuery = (badge: string) =>
  queryOptions({
    queryKey: ['players', badge],
    queryFn: ({ signal }) =>
      api<UserPublic>(`/players/${encodeURIComponent(badge)}`, { signal, auth: false }),
  })

/** A player's most recent public decks (profile page). */
export const playerRecentDecksQuery = (badge: string) =>
  queryOptions({
    queryKey: ['decks', 'list', { player: badge, limit: LIMITS.recentDecks }],
    queryFn: ({ signal }) =>
      api<Page<DeckOut>>('/decks', { signal, query: { player: badge, limit: LIMITS.recentDecks } }),
  })

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: ProfilePatch) =>
      api<UserSelf>('/players/me', { method: 'PATCH', json: patch }),
    onSuccess: (user) => {
      queryClient.setQueryData(playerMeQuery().queryKey, user)
      void queryClient.invalidateQueries({ queryKey: playerQuery(user.badge).queryKey })
    },
  })
}

/** `POST /v2/players/new`: e-mails an invitation link. */
export function useRequestInvitation() {
  return useMutation({
    mutationFn: (body: EmailBody) =>
      api<Detail>('/players/new', { method: 'POST', json: body, auth: false }),
  })
}

/** `POST /v2/players/new/{token}`: creates the account and logs in. 404: token used or invalid. */
export function useFinalizeRegistration(token: string) {
  return useMutation({
    mutationFn: (body: Registration) =>
      api<AuthToken>(`/players/new/${encodeURIComponent(token)}`, {
        method: 'POST',
        json: body,
        auth: false,
      }),
  })
}

/** `POST /v2/reset`: e-mails a reset link. 404: no account for that e-mail. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (body: EmailBody) =>
      api<Detail>('/reset', { method: 'POST', json: body, auth: false }),
  })
}

/** `POST /v2/reset/{token}`: sets the new password and logs in. */
export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (body: NewPassword) =>
      api<AuthToken>(`/reset/${encodeURIComponent(token)}`, {
        method: 'POST',
        json: body,
        auth: false,
      }),
  })
}

/**
 * Whether an e-mailed link still works (`GET /v2/players/new/{token}`, `GET /v2/reset/{token}`):
 * the page says at once when it has expired. 404: expired, used or unknown, all alike.
 */
export const mailedLinkQuery = (kind: 'invitation' | 'reset', token: string) =>
  queryOptions({
    queryKey: ['mailed-link', kind, token],
    queryFn: ({ signal }) =>
      api<Detail>(
        `${kind === 'invitation' ? '/players/new' : '/reset'}/${encodeURIComponent(token)}`,
        { signal, auth: false },
      ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

/** `DELETE /v2/players/me/sessions`: ends every session of the player, this one included. */
export function useLogOutEverywhere() {
  return useMutation({
    mutationFn: () => api<Detail>('/players/me/sessions', { method: 'DELETE' }),
  })
}

/**
 * `POST /v2/players/me/password`: the player's other sessions end; the token that made the
 * change stays valid, so this browser stays logged in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) =>
      api<Detail>('/players/me/password', { method: 'POST', json: body }),
  })
}
