/**
 * Navigation state for an address change that updates the page in place rather than opening
 * another (a sample hand's next round): the scroll manager leaves the scroll position alone.
 */
export const KEEP_SCROLL = { keepScroll: true } as const

export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepScroll' in state
}
