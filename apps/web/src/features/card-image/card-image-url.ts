import { runtimeConfig } from '../../api/runtime-config.ts'

export type CardImageVariant = 'reborn' | 'legacy' | 'legacy-preview'

/**
 * Where a card's picture lives: the content host's photographs when one is configured, otherwise
 * the faces our own server draws from the card data, so an offline install still shows cards.
 */
export function cardImageUrl(
  stub: string,
  variant: CardImageVariant,
  config: { apiUrl: string; cdnUrl: string } = runtimeConfig,
): string {
  const file = encodeURIComponent(stub)
  if (config.cdnUrl) {
    switch (variant) {
      case 'reborn':
        return `${config.cdnUrl}/images/cards/${file}.jpg`
      case 'legacy':
        return `${config.cdnUrl}/legacy/images/cards/${file}.jpg`
      case 'legacy-preview':
        return `${config.cdnUrl}/legacy/images/cards/${file}-preview.jpg`
    }
  }
  switch (variant) {
    case 'reborn':
      return `${config.apiUrl}/card-images/${file}.svg`
    case 'legacy':
      return `${config.apiUrl}/card-images/legacy/${file}.svg`
    case 'legacy-preview':
      return `${config.apiUrl}/card-images/legacy-preview/${file}.svg`
  }
}
