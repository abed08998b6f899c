import { expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly, publishDeck, saveLegalDeck } from './fixtures.ts'

// A published deck is marked on My decks, and Share... offers its public page's address beside
// the private share link (issue 30).

const myDeckRows = (page: Page) =>
  page.getByRole('list', { name: 'My decks' }).getByRole('listitem')

async function latestPublicSnapshot(page: Page, workingId: number): Promise<number> {
  const response = await page.request.get(`/v2/decks/${workingId}/snapshots?show_public_only=true`)
  const id = ((await response.json()) as { results: { id: number }[] }).results[0]?.id
  expect(id).toBeDefined()
  return id as number
}

test('My decks marks the published decks, and Share... gives the public address', async ({
  page,
  request,
}) => {
  // Five pages and three dialogs: on a busy 2-core machine this journey once needed 61 s.
  test.setTimeout(120_000)
  const player = await createPlayer(request, `Publisher${Date.now()}`)
  const published = await publishDeck(request, player, {
    title: 'Out In The Open',
    description: 'Published.',
  })
  await saveLegalDeck(request, player, 'Kept To Myself')
  await logInQuickly(page, player)
  const origin = new URL(page.url()).origin

  await page.goto('/decks/mine/')
  const open = myDeckRows(page).filter({ hasText: 'Out In The Open' })
  const kept = myDeckRows(page).filter({ hasText: 'Kept To Myself' })
  await expect(open.getByText('Published', { exact: true })).toBeVisible()
  await expect(kept).toBeVisible()
  await expect(kept.getByText('Published', { exact: true })).toHaveCount(0)

  // The working deck's private page: the public address is its latest public snapshot's.
  const snapshot = await latestPublicSnapshot(page, published.id)
  await open.getByRole('link', { name: 'Out In The Open' }).click()
  await expect(page).toHaveURL(`/decks/mine/${published.id}/`)
  await page.getByRole('button', { name: 'Share...' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share and export' })
  await expect(dialog.getByLabel('Public URL')).toHaveValue(`${origin}/decks/${snapshot}/`)
  await expect(dialog.getByLabel('Share URL')).toHaveValue(
    new RegExp(`^${origin}/decks/share/[0-9a-f-]{36}/$`),
  )
  await dialog.getByRole('button', { name: 'Done' }).click()

  // The public page itself offers its own address.
  await page.goto(`/decks/${snapshot}/`)
  await page.getByRole('button', { name: 'Share...' }).click()
  await expect(dialog.getByLabel('Public URL')).toHaveValue(`${origin}/decks/${snapshot}/`)
  await dialog.getByRole('button', { name: 'Done' }).click()

  // In the builder too; a deck never published has no public address.
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const pane = page.getByRole('complementary', { name: /^Build your/ })
  await pane.getByRole('button', { name: 'Actions' }).click()
  await page.getByRole('menuitem', { name: 'Share...' }).click()
  await expect(dialog.getByLabel('Public URL')).toHaveValue(`${origin}/decks/${snapshot}/`)
  await dialog.getByRole('button', { name: 'Done' }).click()

  await page.goto('/decks/mine/')
  await kept.getByRole('link', { name: 'Kept To Myself' }).click()
  await page.getByRole('button', { name: 'Share...' }).click()
  await expect(dialog.getByLabel('Share URL')).toBeVisible()
  await expect(dialog.getByLabel('Public URL')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Done' }).click()

  // Publishing it marks it on My decks.
  const id = Number(new URL(page.url()).pathname.split('/').at(-2))
  const publish = await request.post(`/v2/decks/${id}/snapshot`, {
    headers: bearer(player),
    data: { is_public: true },
  })
  expect(publish.status()).toBe(201)
  await page.goto('/decks/mine/')
  await expect(kept.getByText('Published', { exact: true })).toBeVisible()
})
