/**
 * Request body ceilings (bytes) for routes whose bodies are small by nature, below the app-wide
 * ceiling in app.ts: a bigger body is answered 413 before it is read whole.
 */
export const BODY_LIMITS = {
  /** Log-in form, invitation and reset requests: an e-mail and a password or two. */
  account: 16 * 1024,
  /** A comment and its moderation notes, up to 10,000 characters each even when escaped. */
  comment: 128 * 1024,
} as const
