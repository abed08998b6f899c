export type CardImageVariant = 'reborn' | 'legacy' | 'legacy-preview'

/** Where pictures come from: the content host when one is configured, else our own server. */
export type ImageHosts = { apiUrl: string; cdnUrl: string }

/**
 * Where a card's picture lives: the content host's photographs when one is configured, otherwise
 * the faces our own server draws from the card data, so an offline install still shows cards.
 * The web app shows it and the server names it in a deck page's head: both use this one rule.
 */
export function cardImageUrl(stub: string, variant: CardImageVariant, hosts: ImageHosts): string {
  const file = encodeURIComponent(stub)
  if (hosts.cdnUrl) {
    switch (variant) {
      case 'reborn':
        return `${hosts.cdnUrl}/images/cards/${file}.jpg`
      case 'legacy':
        return `${hosts.cdnUrl}/legacy/images/cards/${file}.jpg`
      case 'legacy-preview':
        return `${hosts.cdnUrl}/legacy/images/cards/${file}-preview.jpg`
    }
  }
  switch (variant) {
    case 'reborn':
      return `${hosts.apiUrl}/card-images/${file}.svg`
    case 'legacy':
      return `${hosts.apiUrl}/card-images/legacy/${file}.svg`
    case 'legacy-preview':
      return `${hosts.apiUrl}/card-images/legacy-preview/${file}.svg`
  }
}
