import type { AuthToken } from '@spellboard/core/users'
import { api } from './client.ts'

// Plain calls, no TanStack Query: log-out runs from the header, which loads before the data layer.

export type LogInInput = { email: string; password: string; remember: boolean }

/**
 * `POST /v2/token`. Sent as a form with the e-mail as `username`; 'Remember me' asks for the
 * one-year token. Never sends the stored token (the route is for anonymous callers, and an
 * expired token is exactly why the player is logging in again) and a 401 here is a wrong
 * password, not an expired session.
 */
export function requestToken({ email, password, remember }: LogInInput): Promise<AuthToken> {
  return api<AuthToken>('/token', {
    method: 'POST',
    auth: false,
    bare: true,
    form: {
      username: email.trim(),
      password,
      ...(remember ? { scope: 'token:longterm' } : {}),
    },
  })
}

/** `DELETE /v2/token` with the token being given up (it is no longer in the store). */
export function revokeToken(token: string): Promise<unknown> {
  return api('/token', { method: 'DELETE', bare: true, token })
}
