import { expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, publishDeck } from './fixtures.ts'

// Deck pages print as a clean list: a Print button opens the browser's dialog, and under print
// media only the title and the deck list are left (issue 22).

async function expectPrintedList(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.evaluate(() => {
    const calls = { count: 0 }
    Object.assign(window, { printCalls: calls })
    window.print = () => {
      calls.count += 1
    }
  })
  await page.getByRole('button', { name: 'Print', exact: true }).click()
  expect(
    await page.evaluate(
      () => (window as unknown as { printCalls: { count: number } }).printCalls.count,
    ),
  ).toBe(1)

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ready Spells' })).toContainText('(8)')
  await expect(page.getByRole('region', { name: 'Conjurations' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Allies' })).toContainText('3× Ashbound Acolyte')
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden()
  await expect(page.locator('img:visible')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Deck analysis' })).toBeHidden()
  await expect(page.getByRole('heading', { name: 'First Five' })).toBeHidden()
  // One page: the printed document is a single A4 sheet.
  const pdf = await page.pdf({ format: 'A4' })
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []
  expect(pages).toHaveLength(1)
  await page.emulateMedia({ media: 'screen' })
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible()
  return pdf
}

test('deck, snapshot and shared pages print as one clean page', async ({ page, request }) => {
  const player = await createPlayer(request, `Printer${Date.now()}`)
  const deck = await publishDeck(request, player, {
    title: 'Paper Embers',
    description: 'On paper.',
  })

  await page.goto(`/decks/${deck.id}/`)
  await expectPrintedList(page, 'Paper Embers')
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible()

  const history = (await (await request.get(`/v2/decks/${deck.id}/snapshots`)).json()) as {
    results: { id: number }[]
  }
  const snapshot = history.results[0]?.id
  expect(snapshot).toBeDefined()
  await page.goto(`/decks/${snapshot}/`)
  await expectPrintedList(page, 'Paper Embers')

  await page.goto(`/decks/share/${deck.shareUuid}/`)
  await expectPrintedList(page, 'Paper Embers')
})

test('the printout names the dice in words, the First Five, the author and the address', async ({
  page,
  request,
}) => {
  const player = await createPlayer(request, `Scribe${Date.now()}`)
  const deck = await publishDeck(request, player, { title: 'Ink And Embers', description: '' })
  // The First Five, marked on the working deck and published again.
  const firstFive = ['ashbound-acolyte', 'gentle-word', 'quick-study', 'last-ember', 'winsome-ward']
  const saved = (await (
    await request.get(`/v2/decks/${deck.id}?show_saved=true`, {
      headers: bearer(player),
    })
  ).json()) as { deck: { cards: { stub: string; count: number }[]; dice: unknown[] } }
  expect(
    (
      await request.put('/v2/decks', {
        headers: bearer(player),
        data: {
          id: deck.id,
          title: 'Ink And Embers',
          phoenixborn: 'sera-emberlock',
          dice: saved.deck.dice,
          cards: saved.deck.cards.map(({ stub, count }) => ({ stub, count })),
          first_five: firstFive,
        },
      })
    ).status(),
  ).toBe(200)
  expect(
    (
      await request.post(`/v2/decks/${deck.id}/snapshot`, {
        headers: bearer(player),
        data: { is_public: true, include_first_five: true },
      })
    ).status(),
  ).toBe(201)

  await page.goto(`/decks/${deck.id}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ink And Embers' })).toBeVisible()
  // The address printed is the published version's own page.
  const history = (await (await request.get(`/v2/decks/${deck.id}/snapshots`)).json()) as {
    results: { id: number }[]
  }
  const snapshot = `/decks/${history.results[0]?.id}/`
  // On screen the printed lines are not there.
  await expect(page.getByText(/^First Five:/)).toHaveCount(0)

  await page.emulateMedia({ media: 'print' })
  const main = page.getByRole('main')
  await expect(main.getByText('Dice: 5 Ceremonial, 5 Charm')).toBeVisible()
  await expect(main.getByTitle('5 Ceremonial, 5 Charm').locator('svg:visible')).toHaveCount(0)
  await expect(main.getByText(`By ${player.username}#${player.badge}`)).toBeVisible()
  const origin = new URL(page.url()).origin
  await expect(main.getByText(`${origin}${snapshot}`)).toBeVisible()
  await expect(main.getByText(/^First Five:/)).toHaveText(
    'First Five: Ashbound Acolyte, Gentle Word, Quick Study, Last Ember, Winsome Ward',
  )
  const pdf = await page.pdf({ format: 'A4' })
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1)

  // The shared link prints the same lines, with its own address.
  await page.emulateMedia({ media: 'screen' })
  await page.goto(`/decks/share/${deck.shareUuid}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ink And Embers' })).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(main.getByText(`${origin}/decks/share/${deck.shareUuid}/`)).toBeVisible()
  await expect(main.getByText('Dice: 5 Ceremonial, 5 Charm')).toBeVisible()
})
