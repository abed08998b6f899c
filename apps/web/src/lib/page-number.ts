/**
 * A page number (or any count from 1) as an address gives it: a whole number of at least 1,
 * spaces around it allowed; null for anything else (0, negative, fractional, `1e3`, too large).
 */
export function parsePageNumber(value: string | null | undefined): number | null {
  const raw = value?.trim() ?? ''
  if (!/^\d+$/.test(raw)) return null
  const page = Number(raw)
  return Number.isSafeInteger(page) && page >= 1 ? page : null
}
