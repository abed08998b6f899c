/** Request fields that hold a password: never echoed back, never logged. */
export const SECRET_FIELDS = new Set(['password', 'password_confirm', 'current_password'])

/** Stands in for a secret in an echoed value. */
export const HIDDEN = '[hidden]'

/** Echoed values are cut this many levels down (hostile bodies nest thousands deep). */
const MAX_DEPTH = 32

/** An echoed string is cut to this many characters, and marked as cut. */
const EXCERPT_LENGTH = 64

/** `text`, or its first EXCERPT_LENGTH characters and an ellipsis. */
const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text

/**
 * `value` as it may be echoed: every secret field's value replaced, every string cut to an
 * excerpt, parts past MAX_DEPTH cut off.
 */
export function hideSecrets(value: unknown, depth = MAX_DEPTH): unknown {
  if (typeof value === 'string') return excerpt(value)
  if (value === null || typeof value !== 'object') return value
  if (depth === 0) return Array.isArray(value) ? '[…]' : '{…}'
  if (Array.isArray(value)) return value.map((item) => hideSecrets(item, depth - 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_FIELDS.has(key) ? HIDDEN : hideSecrets(item, depth - 1),
    ]),
  )
}

type Issue = { loc: (string | number)[]; input?: unknown }

/** A whole body the route could not read as an object: text, a list, a form sent as JSON. */
const unreadableBody = (issue: Issue) =>
  issue.loc.length === 1 &&
  issue.loc[0] === 'body' &&
  issue.input !== null &&
  (typeof issue.input !== 'object' || Array.isArray(issue.input))

/**
 * A 422 item echoes what was rejected; an item about a password field, a whole body holding
 * one (the "passwords differ" check), or a body the route could not read at all (the password
 * may be anywhere in it) must not send the password back (to logs, proxies or whoever reads the
 * answer over the player's shoulder). Anything else is echoed as a short excerpt.
 */
export function hideSecretInputs<T extends Issue>(issues: T[]): T[] {
  return issues.map((issue) => {
    if (!('input' in issue)) return issue
    const aboutSecret = issue.loc.some(
      (part) => typeof part === 'string' && SECRET_FIELDS.has(part),
    )
    const hidden = aboutSecret || unreadableBody(issue)
    return { ...issue, input: hidden ? HIDDEN : hideSecrets(issue.input) }
  })
}
