/** Tests only: deck entries for the draw odds and the sample hand, and a legal 30 of them. */
export const card = (name: string, count: number, type = 'Ally') => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  count,
})

/** Ten cards of three copies: a legal 30, 'Card A' to 'Card J'. */
export const THIRTY = Array.from({ length: 10 }, (_, i) =>
  card(`Card ${String.fromCharCode(65 + i)}`, 3),
)

/** A complete First Five: Card A to Card E. */
export const FIVE = THIRTY.slice(0, 5).map((entry) => entry.stub)
