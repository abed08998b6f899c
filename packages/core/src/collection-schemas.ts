import { z } from 'zod'
import { MAX_BOXES } from './collection.ts'

/** `GET`/`PUT /v2/players/me/collection`: boxes owned per release stub (only owned ones out). */
export const collectionBoxesSchema = z.object({
  releases: z.record(z.string().max(60), z.number().int().min(0).max(MAX_BOXES)),
})
export type CollectionBoxes = z.infer<typeof collectionBoxesSchema>

/** One card of a release's box: its copies per box and the precon that holds it, if any. */
export const boxCardSchema = z.object({
  stub: z.string(),
  name: z.string(),
  copies: z.number().int(),
  deck: z.string().nullable(),
})
/** `GET /v2/releases/boxes`: what one box of each public Reborn release holds. */
export const releaseBoxSchema = z.object({
  stub: z.string(),
  name: z.string(),
  cards: z.array(boxCardSchema),
})
export type ReleaseBox = z.infer<typeof releaseBoxSchema>
