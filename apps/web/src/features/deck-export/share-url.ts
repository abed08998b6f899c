/** `{origin}/decks/share/{uuid}/`: anyone with it can see the deck. */
export function shareUrl(origin: string, uuid: string): string {
  return `${origin}/decks/share/${uuid}/`
}
