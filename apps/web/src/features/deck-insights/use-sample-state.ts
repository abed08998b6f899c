import { formatSampleSeed, parseSampleRounds, parseSampleSeed } from '@spellboard/core/sample-seed'
import { useCallback, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { KEEP_SCROLL } from '../../lib/keep-scroll.ts'

/** A sample hand: the shuffle its seed names and how many rounds have been drawn. */
export type SampleState = { seed: number; rounds: number }

export type SampleControl = {
  sample: SampleState | null
  /** The address names a sample that cannot be read (a mistyped or cut-off link). */
  unreadable: boolean
  /** Changes the sample from the newest one (null puts it away). */
  update: (next: (current: SampleState | null) => SampleState | null) => void
}

const SEED_PARAM = 'sample'
const ROUNDS_PARAM = 'rounds'

/** A fresh seed from the browser's random source. */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0
}

/**
 * The sample of a deck page, kept in the address (`?sample=<seed>&rounds=<n>`) so that a reload
 * or a shared link shows the same cards. Each change replaces the history entry and keeps the
 * scroll position: the sample is a view of the same page, so Back leaves the deck as it would
 * without one, and coming back with Forward shows the sample as it was left.
 */
export function useAddressSample(): SampleControl {
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  const written = params.get(SEED_PARAM)
  const seed = parseSampleSeed(written)
  const sample =
    seed === null ? null : { seed, rounds: parseSampleRounds(params.get(ROUNDS_PARAM)) }
  // Two clicks before the address has changed both count: each reads the newest sample.
  const latest = useRef(sample)
  latest.current = sample
  const update = useCallback(
    (next: (current: SampleState | null) => SampleState | null) => {
      const changed = next(latest.current)
      latest.current = changed
      const search = new URLSearchParams(location.search)
      if (changed) {
        search.set(SEED_PARAM, formatSampleSeed(changed.seed))
        search.set(ROUNDS_PARAM, String(changed.rounds))
      } else {
        search.delete(SEED_PARAM)
        search.delete(ROUNDS_PARAM)
      }
      const query = search.toString()
      navigate(
        { search: query ? `?${query}` : '', hash: location.hash },
        { replace: true, state: KEEP_SCROLL },
      )
    },
    [location.search, location.hash, navigate],
  )
  return { sample, unreadable: written !== null && seed === null, update }
}

/**
 * The sample of the builder's Preview, kept with the dialog: the builder's deck is the player's
 * own, still changing, and the page behind the dialog is not about it, so its address is left
 * alone.
 */
export function useLocalSample(): SampleControl {
  const [sample, setSample] = useState<SampleState | null>(null)
  return { sample, unreadable: false, update: setSample }
}
