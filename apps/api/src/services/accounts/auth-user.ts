/** The refusal every request of a banned player gets. */
export const BANNED = 'Your account has been banned; please contact the moderators.'

/** The player a request is authenticated as (plugins/auth.ts sets it on the request). */
export type AuthUser = {
  id: number
  email: string | null
  badge: string
  username: string
  description: string | null
  /** Tokens issued up to this second are refused (sessions.ts). */
  tokens_valid_after: string | null
  is_admin: boolean
  is_banned: boolean
  newsletter_opt_in: boolean
  email_subscriptions: boolean
  exclude_subscriptions: boolean
  colorize_icons: boolean
}
