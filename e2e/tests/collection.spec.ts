import { type APIRequestContext, expect, test } from '@playwright/test'
import {
  bearer,
  builderPane,
  createPlayer,
  editInBuilder,
  logInQuickly,
  type Player,
  type PublishedDeck,
  publishDeck,
} from './fixtures.ts'

// A collection on the demo set: Ashen Dawn (whose box is the precon The Ember Oath) and The
// Clockwork Tide (no precon: 3 copies of each card a box).

type Box = { stub: string; name: string; cards: { stub: string; name: string; copies: number }[] }

let player: Player
let deck: PublishedDeck
let boxes: Box[]

async function setCollection(request: APIRequestContext, releases: Record<string, number>) {
  const response = await request.put('/v2/players/me/collection', {
    headers: bearer(player),
    data: { releases },
  })
  expect(response.status()).toBe(200)
}

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Box Keeper')
  const title = `Boxed Embers ${Date.now()}`
  deck = await publishDeck(request, player, { title, description: 'From one box.' })
  boxes = (await (await request.get('/v2/releases/boxes')).json()) as Box[]
})

test('the releases popup keeps the boxes owned of each release', async ({ page, request }) => {
  await setCollection(request, {})
  await logInQuickly(page, player)
  await page.goto('/cards/')
  await page.getByRole('button', { name: 'Releases' }).click()
  const dialog = page.getByRole('dialog', { name: 'Filter by release' })
  await dialog.getByRole('tab', { name: 'Mine' }).click()
  await dialog.getByRole('checkbox', { name: 'Ashen Dawn' }).check()
  const count = dialog.getByRole('combobox', { name: 'Boxes of Ashen Dawn' })
  await expect(count).toHaveValue('1')
  await count.selectOption('2')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect
    .poll(async () =>
      (await request.get('/v2/players/me/collection', { headers: bearer(player) })).json(),
    )
    .toEqual({ releases: { 'ashen-dawn': 2 } })
  await page.getByRole('button', { name: 'Releases' }).click()
  await dialog.getByRole('tab', { name: 'Mine' }).click()
  await expect(dialog.getByRole('combobox', { name: 'Boxes of Ashen Dawn' })).toHaveValue('2')
  await expect(dialog.getByRole('checkbox', { name: 'The Clockwork Tide' })).not.toBeChecked()
})

test('a deck page says what the collection lacks, or that it builds the deck', async ({
  page,
  request,
}) => {
  await setCollection(request, {})
  await logInQuickly(page, player)
  await page.goto(`/decks/${deck.id}/`)
  const collection = page.getByRole('region', { name: 'Your collection' })
  await expect(collection.getByText('Missing:')).toBeVisible()
  await expect(collection.getByText('1× Sera Emberlock — The Ember Oath')).toBeVisible()
  await expect(page.getByText(/^One Collection: /)).toBeVisible()

  await setCollection(request, { 'ashen-dawn': 3, 'the-clockwork-tide': 3 })
  await page.reload()
  await expect(collection.getByText('You can build this deck.')).toBeVisible()
  await expect(collection.getByText('Missing:')).toHaveCount(0)
})

test("the builder says 'Own N' and flags, without blocking, a card owned too few times", async ({
  page,
  request,
}) => {
  // The Ember Oath holds 2 Emberlock Oath and 1 Sera's Firebrand: a box of each, no more.
  const ashen = boxes.find((box) => box.stub === 'ashen-dawn')
  const copiesOf = (stub: string) => ashen?.cards.find((card) => card.stub === stub)
  const oath = copiesOf('emberlock-oath')
  const firebrand = copiesOf('seras-firebrand')
  expect([oath?.copies, firebrand?.copies]).toEqual([2, 1])
  await setCollection(request, { 'ashen-dawn': 1, 'the-clockwork-tide': 1 })
  await logInQuickly(page, player)
  await editInBuilder(page, deck.id)
  const pane = builderPane(page)
  const group = (name: string) =>
    pane.getByRole('group', { name: `Copies of ${name} in your deck` })
  await expect(group(oath?.name ?? '').getByText('Own 2')).toBeVisible()
  await expect(group(firebrand?.name ?? '').getByText('Own 1')).toBeVisible()
  await expect(group('Gentle Word').getByText(/^Own /)).toHaveCount(0)
  // Past what the boxes hold is allowed (two uniques still make three).
  await group(oath?.name ?? '')
    .getByRole('button', { name: '1' })
    .click()
  await group(firebrand?.name ?? '')
    .getByRole('button', { name: '2' })
    .click()
  await expect(group(firebrand?.name ?? '').getByRole('button', { name: '2' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const problems = pane.getByRole('region', { name: 'Problems' })
  await expect(problems.getByText(`You own 1 ${firebrand?.name}; the deck has 2.`)).toBeVisible()
  await expect(problems.getByText('Does not block')).toBeVisible()
})

test("'Only decks I can build' narrows a listing and stays in the address", async ({
  page,
  request,
}) => {
  await setCollection(request, {})
  await logInQuickly(page, player)
  const title = (await (await request.get(`/v2/decks/${deck.id}`)).json()).deck.title as string
  await page.goto(`/decks/?q=${encodeURIComponent(title)}`)
  await expect(page.getByRole('link', { name: title })).toBeVisible()
  await page.getByRole('switch', { name: 'Only decks I can build' }).check()
  await expect(page).toHaveURL(/buildable=1/)
  await expect(page.getByText('No decks found')).toBeVisible()

  await setCollection(request, { 'ashen-dawn': 3, 'the-clockwork-tide': 3 })
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Only decks I can build' })).toBeChecked()
  await expect(page.getByRole('link', { name: title })).toBeVisible()
})
