import { createHash } from 'node:crypto'
import { CARD_IMAGE_SIZES } from '@spellboard/core/limits'
import { LRUCache } from 'lru-cache'
import { type Catalogue, catalogueMemo, editionOf } from '../cards/catalogue.ts'
import { renderCardFace } from './render.ts'

/** The three image families of SPEC: Reborn faces, Legacy faces and Legacy hover previews. */
export type FaceVariant = 'reborn' | 'legacy' | 'legacyPreview'

export type RenderedFace = { svg: string; etag: string }

/** Faces are a few kilobytes each; this holds every card of both editions several times over. */
const REMEMBERED_FACES = 3000

/**
 * The face of a visible card, rendered once per catalogue (an edit renders it again, under a
 * new ETag). Null for a stub no visible card of that edition has.
 */
export function cardFace(
  catalogue: Catalogue,
  variant: FaceVariant,
  stub: string,
): RenderedFace | null {
  const card = editionOf(catalogue, variant !== 'reborn').byStub.get(stub)
  if (!card) return null
  const cache = catalogueMemo(
    catalogue,
    'card-faces',
    () => new LRUCache<string, RenderedFace>({ max: REMEMBERED_FACES }),
  )
  const key = `${variant}|${stub}`
  const cached = cache.get(key)
  if (cached) return cached
  const svg = renderCardFace(card.wire, CARD_IMAGE_SIZES[variant])
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`
  const face = { svg, etag }
  cache.set(key, face)
  return face
}
