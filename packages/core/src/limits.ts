/** Every tuning number of the product, once. */
export const LIMITS = {
  cardPageSize: 50,
  deckPageSize: 30,
  commentPageSize: 30,
  recentDecks: 10,
  defaultPageSize: 30,
  maxPageSize: 100,
  deckTitle: 255,
  usernameMin: 2,
  usernameMax: 42,
  passwordMin: 8,
  passwordMax: 50,
  emailMax: 254,
  /** Comment, deck description and profile text. */
  longText: 10_000,
  searchText: 255,
  /** Filter terms in one card search (`type:ally`, `cost<=2`…); bounds the work per query. */
  searchTerms: 20,
  /** Lines of a pasted deck list that are read; a deck needs about 40. */
  deckTextLines: 300,
} as const

export const DECK_RULES = {
  dice: 10,
  cards: 30,
  maxCopies: 3,
  maxUniques: 3,
  /** Cards a player may mark as the First Five. */
  firstFive: 5,
  /** Cards drawn each round (round 1's hand is the First Five, or five drawn at random). */
  hand: 5,
} as const

export const TIMINGS = {
  cardFilterDebounceMs: 1250,
  deckAutosaveDebounceMs: 1000,
  deckTitleFilterDebounceMs: 750,
  scrollDebounceMs: 100,
  imageLazyMarginPx: 500,
  loadMoreMarginPx: 350,
  deleteConfirmMs: 3000,
  cardPreviewOpenMs: 200,
  cardPreviewCloseMs: 100,
  cardPreviewOffsetPx: 10,
  toastErrorMs: 30_000,
  toastMs: 15_000,
} as const

export const TOKEN_LIFETIME = {
  shortHours: 24,
  longDays: 365,
} as const

export const CARD_IMAGE_SIZES = {
  reborn: { width: 300, height: 420 },
  legacy: { width: 332, height: 452 },
  legacyPreview: { width: 299, height: 418 },
} as const
