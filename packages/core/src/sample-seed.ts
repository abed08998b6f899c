/**
 * A sample hand in the address: `?sample=<seed>` names the shuffle (`sample-hand.ts`) and
 * `rounds=<n>` how far it has been drawn. Apart from the shuffle, so a page can read an address
 * without loading the generator.
 */

/** Seeds are 32-bit numbers, written in base 36 (at most 7 characters: '1z141z3'). */
const MAX_SEED = 0xffff_ffff

export function parseSampleSeed(text: string | null | undefined): number | null {
  if (!text || !/^[0-9a-z]{1,7}$/i.test(text)) return null
  const seed = Number.parseInt(text, 36)
  return seed <= MAX_SEED ? seed : null
}

export function formatSampleSeed(seed: number): string {
  return (seed >>> 0).toString(36)
}

/** The rounds drawn as the address gives them; anything unreadable is round 1 alone. */
export function parseSampleRounds(text: string | null | undefined): number {
  return text && /^[1-9]\d{0,2}$/.test(text) ? Number(text) : 1
}
