/** `{origin}/decks/share/{uuid}/`: anyone with it can see the deck. */
export function shareUrl(origin: string, uuid: string): string {
  return `${origin}/decks/share/${uuid}/`
}

/** `{origin}/decks/{id}/`: a public snapshot's page, for everyone. */
export function publicDeckUrl(origin: string, id: number): string {
  return `${origin}/decks/${id}/`
}
