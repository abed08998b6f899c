/** Request fields that hold a password: never echoed back, never logged. */
export const SECRET_FIELDS = new Set(['password', 'password_confirm', 'current_password'])

/** Stands in for a secret in an echoed value. */
export const HIDDEN = '[hidden]'

/** Echoed values are cut this many levels down (hostile bodies nest thousands deep). */
const MAX_DEPTH = 32

/** `value` with every secret field's value replaced; parts past MAX_DEPTH are cut off. */
export function hideSecrets(value: unknown, depth = MAX_DEPTH): unknown {
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

/**
 * A 422 item echoes what was rejected; an item about a password field, or a whole body holding
 * one (the "passwords differ" check), must not send the password back (to logs, proxies or
 * whoever reads the answer over the player's shoulder).
 */
export function hideSecretInputs<T extends Issue>(issues: T[]): T[] {
  return issues.map((issue) => {
    if (!('input' in issue)) return issue
    const aboutSecret = issue.loc.some(
      (part) => typeof part === 'string' && SECRET_FIELDS.has(part),
    )
    return { ...issue, input: aboutSecret ? HIDDEN : hideSecrets(issue.input) }
  })
}
