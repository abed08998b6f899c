import { randomInt } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { Queryable } from '../db/client.ts'
import { users } from '../db/schema.ts'

/**
 * Badges (API.md §3.6): a digit, two middle characters, one final character; longer when a
 * length runs out. New badges draw only from letters, digits and `- * !`: `& + =` break the
 * player links clients build by string interpolation (§14 A16). Imported badges with those
 * characters are still accepted everywhere.
 */
const FIRST = '0123456789'
const MIDDLE = 'abcdefghijklmnopqrstuvwxyz0123456789-*'
const LAST = 'abcdefghijklmnopqrstuvwxyz0123456789*!'
const BATCH = 8
const ROUNDS_PER_LENGTH = 10
const MAX_LENGTH = 8

/** Letter sequences a badge shown beside a child's username must not spell (leetspeak folded). */
const BLOCKED = [
  'ass',
  'fag',
  'fuk',
  'fuc',
  'cum',
  'cok',
  'coc',
  'dik',
  'dic',
  'tit',
  'sex',
  'kkk',
  'nig',
  'jiz',
  'wtf',
  'fck',
  'fu*',
  'sht',
  'shit',
  'piss',
  'porn',
  'cunt',
  'twat',
  'slut',
  'whor',
  'hoe',
  'dam',
  'god',
  'pee',
  'poo',
  'nsf',
  'xxx',
  'kys',
  'die',
  'kil',
  'rap',
  'gay',
  'hag',
  'pus',
  'vag',
  'nazi',
  'ss',
  'hh',
  '88',
  '69',
  '666',
  '420',
  '14',
]

function fold(badge: string): string {
  return badge
    .replace(/0/g, 'o')
    .replace(/1/g, 'i')
    .replace(/3/g, 'e')
    .replace(/4/g, 'a')
    .replace(/5/g, 's')
    .replace(/7/g, 't')
}

export function isKidFriendly(badge: string): boolean {
  const plain = badge.toLowerCase()
  const folded = fold(plain)
  return !BLOCKED.some((word) => plain.includes(word) || folded.includes(word))
}

function pick(alphabet: string): string {
  return alphabet.charAt(randomInt(alphabet.length))
}

export function randomBadge(length: number): string {
  let badge = pick(FIRST)
  for (let i = 1; i < length - 1; i++) badge += pick(MIDDLE)
  return badge + pick(LAST)
}

export async function generateBadge(db: Queryable): Promise<string> {
  for (let length = 4; length <= MAX_LENGTH; length++) {
    for (let round = 0; round < ROUNDS_PER_LENGTH; round++) {
      const candidates = [
        ...new Set(Array.from({ length: BATCH }, () => randomBadge(length))),
      ].filter(isKidFriendly)
      if (candidates.length === 0) continue
      const taken = await db
        .select({ badge: users.badge })
        .from(users)
        .where(inArray(users.badge, candidates))
      const takenSet = new Set(taken.map((row) => row.badge))
      const free = candidates.find((candidate) => !takenSet.has(candidate))
      if (free) return free
    }
  }
  throw new Error('No free badge found')
}
