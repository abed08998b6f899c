import { z } from 'zod'
import { LIMITS } from './limits.ts'

/** Wire shapes of players and log-ins (API.md §5.1) and the bodies of the account calls (§7.1). */
export const userBasicSchema = z.object({ username: z.string(), badge: z.string() })
export type UserBasic = z.infer<typeof userBasicSchema>

export const userPublicSchema = userBasicSchema.extend({ description: z.string().nullable() })
export type UserPublic = z.infer<typeof userPublicSchema>

export const userSelfSchema = userPublicSchema.extend({
  email: z.string(),
  reset_uuid: z.string().nullable(),
  newsletter_opt_in: z.boolean(),
  email_subscriptions: z.boolean(),
  exclude_subscriptions: z.boolean(),
  colorize_icons: z.boolean(),
  is_admin: z.boolean(),
})
export type UserSelf = z.infer<typeof userSelfSchema>

export const authTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSelfSchema,
})
export type AuthToken = z.infer<typeof authTokenSchema>

/** A local-part character: RFC 5322 atext, or any non-ASCII character but spaces and controls. */
const ATEXT = String.raw`[\w!#$%&'*+/=?^\x60{|}~-]|[^\p{ASCII}\p{White_Space}\p{C}]`
/** A domain label: letters and digits of any script, inner hyphens, up to 63 characters. */
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?`

/**
 * The address syntax the reference's validator (python email-validator) accepts: dot-separated
 * atoms before the `@` (so `o'neil+ashes@…`, `a!b@…` and `üser@…` pass, `.a@…` and `a..b@…` do
 * not), and a domain of two or more labels, internationalised ones included (`exämple.org`).
 */
const EMAIL = new RegExp(
  String.raw`^(?:${ATEXT})+(?:\.(?:${ATEXT})+)*@(?:${LABEL}\.)+${LABEL}$`,
  'u',
)

/**
 * E-mails are validated, then trimmed and lower-cased before lookup and storage (§3.5); like the
 * reference, composed and decomposed accents are stored alike (Unicode NFC).
 */
export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax)
  .pipe(z.email({ pattern: EMAIL }))
  .transform((email) => email.normalize('NFC').toLowerCase())

export const passwordSchema = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax)
export const usernameSchema = z.string().trim().min(LIMITS.usernameMin).max(LIMITS.usernameMax)

export const emailBodySchema = z.object({ email: emailSchema })
export type EmailBody = z.infer<typeof emailBodySchema>

const passwordsMatch = (body: { password: string; password_confirm: string }) =>
  body.password === body.password_confirm
const PASSWORD_MISMATCH = 'Passwords do not match'

/** `POST /v2/players/new/{token}`: `username` must be present; null picks a random name. */
export const registrationSchema = z
  .object({
    username: usernameSchema.nullable(),
    password: passwordSchema,
    password_confirm: passwordSchema,
    description: z.string().max(LIMITS.longText).nullable().optional(),
    newsletter_opt_in: z.boolean().default(false),
  })
  .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: [] })
export type Registration = z.infer<typeof registrationSchema>

/** `POST /v2/reset/{token}`. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, password_confirm: passwordSchema })
  .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: [] })
export type NewPassword = z.infer<typeof newPasswordSchema>

/** `POST /v2/players/me/password`. */
export const changePasswordSchema = z
  .object({
    current_password: passwordSchema,
    password: passwordSchema,
    password_confirm: passwordSchema,
  })
  .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: [] })
export type ChangePassword = z.infer<typeof changePasswordSchema>

/** `PATCH /v2/players/me`: only the keys present are applied; a null description clears it. */
export const profilePatchSchema = z.object({
  username: usernameSchema.optional(),
  description: z.string().max(LIMITS.longText).nullable().optional(),
  newsletter_opt_in: z.boolean().optional(),
  email_subscriptions: z.boolean().optional(),
  exclude_subscriptions: z.boolean().optional(),
  colorize_icons: z.boolean().optional(),
})
export type ProfilePatch = z.infer<typeof profilePatchSchema>

/** `PATCH /v2/players/{badge}` (admins): the notes say what was done and why. */
export const moderationSchema = z.object({
  username: usernameSchema.optional(),
  description: z.string().max(LIMITS.longText).nullable().optional(),
  is_banned: z.boolean().optional(),
  moderation_notes: z.string().trim().min(1).max(LIMITS.longText),
})
export type Moderation = z.infer<typeof moderationSchema>

export const moderationResultSchema = z.object({
  username: z.string(),
  description: z.string().nullable(),
  is_banned: z.boolean(),
  moderation_notes: z.string().nullable(),
})
export type ModerationResult = z.infer<typeof moderationResultSchema>

export const exportTokenSchema = z.object({ export_token: z.string() })
export type ExportToken = z.infer<typeof exportTokenSchema>

/** An empty form field counts as a missing one, as OAuth2 password forms treat it. */
const formField = z.preprocess((value) => (value === '' ? undefined : value), z.string())

/**
 * `POST /v2/token`: the OAuth2 password form. `username` carries the e-mail; `client_id` and
 * `client_secret` are accepted and ignored.
 */
export const logInFormSchema = z.object({
  username: formField.transform((email) => email.trim().normalize('NFC').toLowerCase()),
  password: formField,
  scope: z.string().optional().default(''),
  grant_type: z
    .string()
    .regex(/^password$/, { message: "String should match pattern '^password$'" })
    .optional(),
})
export type LogInForm = z.infer<typeof logInFormSchema>

export const LONG_TERM_SCOPE = 'token:longterm'

/** "Remember me": any space-separated scope item equal to `token:longterm`, in any case. */
export function wantsLongTermToken(scope: string): boolean {
  return scope.split(/\s+/).some((item) => item.toLowerCase() === LONG_TERM_SCOPE)
}

export const detailSchema = z.object({ detail: z.string() })
export type Detail = z.infer<typeof detailSchema>
