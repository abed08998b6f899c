/**
 * Why a deck operation was refused. Services throw these so a transaction in progress rolls
 * back; the error plugin answers with the status and message (`{"detail": …}`).
 */
export type RefusalKind = 'invalid' | 'forbidden' | 'not_found'

const STATUS: Record<RefusalKind, number> = { invalid: 400, forbidden: 403, not_found: 404 }

export class DeckRefusal extends Error {
  override name = 'DeckRefusal'
  readonly kind: RefusalKind
  readonly statusCode: number
  constructor(kind: RefusalKind, message: string) {
    super(message)
    this.kind = kind
    this.statusCode = STATUS[kind]
  }
}

export const invalid = (message: string) => new DeckRefusal('invalid', message)
export const forbidden = (message: string) => new DeckRefusal('forbidden', message)
export const notFound = (message = 'Deck not found.') => new DeckRefusal('not_found', message)
