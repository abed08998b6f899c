import { type CardImageVariant, cardImageUrl as imageUrl } from '@spellboard/core/card-images'
import { runtimeConfig } from '../../api/runtime-config.ts'

export type { CardImageVariant }

/** A card's picture, from the hosts this site was started with (see core's `cardImageUrl`). */
export function cardImageUrl(stub: string, variant: CardImageVariant): string {
  return imageUrl(stub, variant, runtimeConfig)
}
