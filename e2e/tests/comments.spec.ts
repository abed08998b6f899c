import { expect as baseExpect, type Page, test } from '@playwright/test'
import { createPlayer, logIn, postComment, publishDeck } from './fixtures.ts'

// Comment threads on decks and cards: reading, paging, posting, editing, and the subscription
// marker that highlights what is new.

// The machines running these share two cores with builds and other suites: allow slow pages.
const expect = baseExpect.configure({ timeout: 30_000 })
test.slow()

const thread = (page: Page) => page.getByRole('list', { name: 'Comments' })
const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Your comment' })

/** Pictures for review (light and dark, desktop and phone) when SCREENSHOTS_DIR names a folder. */
async function screenshots(page: Page, name: string, target = page.locator('#comments')) {
  const folder = process.env.SCREENSHOTS_DIR
  if (!folder) return
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const [device, size] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size)
      await target.screenshot({ path: `${folder}/${name}-${scheme}-${device}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1366, height: 900 })
}

test('a subscriber sees a new comment highlighted until it has been read', async ({
  page,
  browser,
  request,
}) => {
  const author = await createPlayer(request, 'Author')
  const reader = await createPlayer(request, 'Reader')
  const deck = await publishDeck(request, author, {
    title: 'Embers for Everyone',
    description: 'A friendly **burn** deck.',
  })

  // The reader follows the deck before anyone has commented.
  await logIn(page, reader)
  await page.goto(`/decks/${deck.id}/`)
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible()
  await expect(page.getByText('No comments yet!')).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(
    page.getByText("You have subscribed to this deck's updates and comments!"),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()

  // The author writes, previews and publishes in another browser.
  const authorContext = await browser.newContext()
  const authorPage = await authorContext.newPage()
  await logIn(authorPage, author)
  await authorPage.goto(`/decks/${deck.id}/`)
  await expect(authorPage.getByRole('tab', { name: 'Preview' })).toBeDisabled()
  await expect(authorPage.getByRole('button', { name: 'Publish' })).toBeDisabled()
  await commentBox(authorPage).fill(
    '**Well met!** Try [[Summon Cinder Hound]] with [[charm:class]].\n\n> Burn bright',
  )
  await authorPage.getByRole('tab', { name: 'Preview' }).click()
  const preview = authorPage.getByRole('tabpanel')
  await expect(preview.locator('strong', { hasText: 'Well met!' })).toBeVisible()
  await expect(preview.getByRole('link', { name: 'Summon Cinder Hound' })).toHaveAttribute(
    'href',
    '/cards/summon-cinder-hound/',
  )
  await expect(preview.getByRole('img', { name: 'Charm class' })).toBeVisible()
  await authorPage.getByRole('button', { name: 'Publish' }).click()
  await expect(authorPage.getByText('Your comment has been posted!')).toBeVisible()
  const posted = thread(authorPage).getByRole('listitem')
  await expect(posted).toHaveCount(1)
  await expect(posted).toContainText('#1')
  await expect(posted.getByRole('link', { name: `Author#${author.badge}` })).toHaveAttribute(
    'href',
    `/players/${author.badge}/`,
  )
  // Authors never see their own words as new, and posting subscribed them.
  await expect(posted.getByText('New', { exact: true })).toHaveCount(0)
  await expect(commentBox(authorPage)).toHaveValue('')
  await authorContext.close()

  // The reader comes back: the comment is new, and showing it moves the marker.
  const seen = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/v2/subscription/${deck.entityId}`) &&
      response.request().method() === 'PATCH',
  )
  await page.reload()
  const fresh = thread(page).getByRole('listitem')
  await expect(fresh).toHaveCount(1)
  await expect(fresh.getByText('New', { exact: true })).toBeVisible()
  await expect(fresh.locator('strong', { hasText: 'Well met!' })).toBeVisible()
  expect((await seen).status()).toBe(200)
  await screenshots(page, 'comments-new')

  // Read now: the highlight is gone on the next visit.
  await page.reload()
  await expect(thread(page).getByRole('listitem')).toHaveCount(1)
  await expect(thread(page).getByText('New', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()
})

test('a long thread reads page by page, and a visitor logs in to join it', async ({
  page,
  request,
}) => {
  const author = await createPlayer(request, 'Chatterbox')
  const visitor = await createPlayer(request, 'Latecomer')
  const deck = await publishDeck(request, author, {
    title: 'Talking Points',
    description: 'Many words.',
  })
  for (let index = 1; index <= 31; index += 1) {
    await postComment(request, author, deck.entityId, `Thought number ${index}`)
  }

  await page.goto(`/decks/${deck.id}/`)
  await expect(thread(page).getByRole('listitem')).toHaveCount(30)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(commentBox(page)).toHaveCount(0)
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/\\?page=2$`))
  await expect(thread(page).getByRole('listitem')).toHaveCount(1)
  await expect(thread(page)).toContainText('#31')
  await expect(thread(page)).toContainText('Thought number 31')
  await screenshots(page, 'comments-page-2')
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/$`))
  await expect(thread(page)).toContainText('Thought number 1')

  await page.goto(`/decks/${deck.id}/?page=7`)
  await expect(page.getByText('Page number for comments too high!')).toBeVisible()
  await page.getByRole('link', { name: 'Go to the last page' }).click()
  await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/\\?page=2$`))
  await expect(thread(page)).toContainText('Thought number 31')

  // Logging in from the thread keeps the visitor on it, ready to write.
  await page.goto(`/decks/${deck.id}/`)
  await page.getByRole('button', { name: 'Log in to comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await dialog.getByLabel('Email').fill(visitor.email)
  await dialog.getByLabel('Password').fill('correct horse battery')
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('You are now logged in!')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/$`))
  await commentBox(page).fill('Sorry I am late.')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Your comment has been posted!')).toBeVisible()
  // The new comment is the 32nd: it lands on page 2, which opens.
  await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/\\?page=2$`))
  await expect(thread(page).getByRole('listitem')).toHaveCount(2)
  await expect(thread(page)).toContainText('Sorry I am late.')
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()
})

test('on a card, a player subscribes, comments, edits and deletes', async ({ page, request }) => {
  const player = await createPlayer(request, 'Editor')
  await logIn(page, player)
  await page.goto('/cards/summon-cinder-hound/')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText("You have subscribed to this card's comments!")).toBeVisible()

  await page.getByRole('button', { name: 'Formatting help' }).click()
  const help = page.getByRole('dialog', { name: 'Comment formatting' })
  await expect(help.locator('strong', { hasText: 'Bold text' })).toBeVisible()
  await expect(help.locator('em', { hasText: 'Italic text' })).toBeVisible()
  await expect(help.getByRole('link', { name: 'Hammer Knight' })).toBeVisible()
  await expect(help.getByRole('img', { name: 'Charm class' })).toBeVisible()
  await expect(help.locator('blockquote', { hasText: 'Quoted text' })).toBeVisible()
  await expect(help.locator('ol li')).toHaveCount(2)
  await screenshots(page, 'comments-help', help)
  await help.getByRole('button', { name: 'Done' }).click()
  await expect(help).toHaveCount(0)

  await commentBox(page).fill('First tought')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Your comment has been posted!')).toBeVisible()
  const item = thread(page).getByRole('listitem').last()
  await expect(item).toContainText('First tought')

  await item.getByRole('button', { name: 'Edit' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit comment' })
  await expect(editor).toHaveValue('First tought')
  await editor.fill('First thought')
  await screenshots(page, 'comments-editing')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your comment has been edited!')).toBeVisible()
  await expect(item).toContainText('First thought')
  await expect(item).toContainText('(edited)')

  await item.getByRole('button', { name: 'Delete' }).click()
  await item.getByRole('button', { name: 'Confirm?' }).click()
  await expect(item).toContainText('Deleted by author.')
  await expect(item).not.toContainText('First thought')
  await screenshots(page, 'comments-card', page.locator('main'))

  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByText('You have unsubscribed from this card!')).toBeVisible()
})
