import { expect, type Locator, test } from '@playwright/test'
import {
  createPlayer,
  logInQuickly,
  type Player,
  postComment,
  publishDeck,
  saveLegalDeck,
} from './fixtures.ts'
import { box, header, openInBuilder, touchTargets } from './measure.ts'

// Phones, the dark theme and short lists: layouts too tight for a thumb, dice lost in the dark,
// and pagers with nowhere to go.

let player: Player
let deckId: number

test.beforeAll(async ({ request }) => {
  // The longest name the site allows: nothing may wrap or overflow because of it.
  player = await createPlayer(request, 'A'.repeat(42))
  deckId = await saveLegalDeck(request, player, 'Frame check')
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the card browser: filters fold away, rows keep every column, targets are 40 px', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    await page.goto('/cards/')
    const filters = page.getByRole('button', { name: 'Filters' })
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('group', { name: 'Filter by magic type' })).toBeHidden()
    await expect(page.getByRole('group', { name: 'Filter by card type' })).toBeHidden()
    await expect(page.getByPlaceholder('Filter by name or text...')).toBeVisible()
    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('group', { name: 'Filter by magic type' })).toBeVisible()
    for (const target of await touchTargets(page.getByRole('main'))) {
      expect(target.height, target.name).toBeGreaterThanOrEqual(40)
      expect(target.width, target.name).toBeGreaterThanOrEqual(40)
    }
    // Nothing sideways: every filter is in reach without scrolling the page or a group.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(overflow).toBeLessThanOrEqual(390)
    await filters.click()

    const rows = page.getByRole('main').getByRole('list', { name: 'Cards' }).getByRole('listitem')
    await expect(rows.first()).toBeVisible()
    for (const row of (await rows.all()).slice(0, 12)) {
      const name = await box(row.getByRole('link').first())
      expect(name.width).toBeGreaterThan(60)
      const buttons = row.getByRole('group', { name: /^Copies of / }).getByRole('button')
      if ((await buttons.count()) === 0) continue
      for (const button of await buttons.all()) {
        const area = await box(button)
        expect(area.width).toBeGreaterThanOrEqual(40)
        expect(area.height).toBeGreaterThanOrEqual(40)
        expect(area.x + area.width).toBeLessThanOrEqual(390)
      }
    }
  })

  test('the header takes two rows at most, the longest name and the builder included', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const middles: number[] = []
    for (const control of await header(page).locator('a, button').all()) {
      const area = await box(control)
      middles.push(area.y + area.height / 2)
      expect(area.x + area.width).toBeLessThanOrEqual(390)
    }
    middles.sort((a, b) => a - b)
    const rows = middles.filter(
      (middle, index) => index === 0 || middle - (middles[index - 1] ?? 0) > 16,
    )
    expect(rows.length).toBeLessThanOrEqual(2)
    await expect(header(page).getByRole('button', { name: 'Exit builder' })).toBeInViewport()
  })

  test('the builder drawer: padded, deck first, title and Actions at the bottom, 40 px targets', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    // Shut, the drawer holds none of the pane's contents: their code loads on the first opening.
    await page.reload()
    await expect(page.getByRole('button', { name: 'Toggle pane' })).toBeVisible()
    await expect(page.locator('#builder-heading')).toHaveCount(0)
    await page.getByRole('button', { name: 'Toggle pane' }).click()
    const drawer = page.getByRole('dialog', { name: /^Build your deck/ })
    await expect(drawer).toBeVisible()
    // Measured once it has slid in.
    await drawer.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    )
    const frame = await box(drawer)
    const heading = await box(drawer.getByRole('heading', { name: 'Build your deck' }))
    expect(heading.x - frame.x).toBeGreaterThanOrEqual(12)
    expect(heading.y - frame.y).toBeGreaterThanOrEqual(12)
    const title = await box(drawer.getByRole('textbox', { name: 'Deck title' }))
    expect(frame.x + frame.width - (title.x + title.width)).toBeGreaterThanOrEqual(12)
    for (const target of await touchTargets(drawer)) {
      expect(target.height, target.name).toBeGreaterThanOrEqual(40)
      expect(target.width, target.name).toBeGreaterThanOrEqual(40)
    }
    // The deck leads: Phoenixborn, cards; then its dice, problems, First Five, description.
    const sections = await drawer.getByRole('heading', { level: 3 }).allTextContents()
    expect(sections).toEqual([
      'Sera Emberlock',
      'Cards',
      'Dice',
      'Problems',
      'First Five',
      'Description',
    ])
    // The heading, the title and Actions sit in a bar along the bottom, in thumb reach.
    const top = async (locator: Locator) => (await box(locator)).y
    expect(await top(drawer.getByRole('heading', { name: 'Sera Emberlock' }))).toBeLessThan(
      await top(drawer.getByRole('textbox', { name: 'Deck title' })),
    )
    expect(title.y + title.height).toBeGreaterThan(frame.y + frame.height - 120)
  })
})

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } })

  test('ceremonial dice stand out from the pane', async ({ page }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const slot = page.getByRole('list', { name: 'Dice slots' }).getByRole('listitem', {
      name: 'Ceremonial die',
    })
    await expect(slot.first()).toBeVisible()
    // The die's edge against the pane behind it: WCAG's 3:1 for graphics.
    const contrast = await slot
      .first()
      .locator('svg')
      .evaluate((svg) => {
        const probe = document.createElement('div')
        document.body.append(probe)
        const rgb = (css: string) => {
          probe.style.color = css
          const [r = 0, g = 0, b = 0, a = 1] = (
            getComputedStyle(probe).color.match(/[\d.]+/g) ?? []
          ).map(Number)
          return { r, g, b, a }
        }
        const ring = rgb(getComputedStyle(svg).getPropertyValue('--icon-ring'))
        let element: Element | null = svg.parentElement
        let background = 'rgba(0, 0, 0, 0)'
        while (element && /rgba\(0, 0, 0, 0\)|transparent/.test(background)) {
          background = getComputedStyle(element).backgroundColor
          element = element.parentElement
        }
        const behind = rgb(background)
        probe.remove()
        const blend = (c: 'r' | 'g' | 'b') => ring[c] * ring.a + behind[c] * (1 - ring.a)
        const luminance = (c: { r: number; g: number; b: number }) => {
          const channel = (v: number) => {
            const s = v / 255
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
          }
          return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
        }
        const edge = luminance({ r: blend('r'), g: blend('g'), b: blend('b') })
        const pane = luminance(behind)
        return (Math.max(edge, pane) + 0.05) / (Math.min(edge, pane) + 0.05)
      })
    expect(contrast).toBeGreaterThanOrEqual(3)
  })
})

test.describe('lists that fit on one page', () => {
  test('deck listings read "Page 1 of 1" without Previous or Next; other lists show no pager', async ({
    page,
    request,
  }) => {
    const author = await createPlayer(request, 'One Pager')
    // A word no other journey's deck has, so the public listing holds this deck alone.
    const word = Array.from({ length: 10 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('')
    const published = await publishDeck(request, author, {
      title: `Single page ${word}`,
      description: 'One of each list.',
    })
    await postComment(request, author, published.entityId, 'The only comment.')
    await logInQuickly(page, author)
    const noStep = async () => {
      await expect(
        page.getByRole('main').getByRole('button', { name: /^(Previous|Next)$/ }),
      ).toHaveCount(0)
      await expect(
        page.getByRole('main').getByRole('link', { name: /^(Previous|Next)$/ }),
      ).toHaveCount(0)
    }
    for (const path of [
      `/decks/?q=${word}`,
      `/decks/red-rains/?q=${word}`,
      `/decks/legacy/?q=${word}`,
      '/decks/mine/',
    ]) {
      await page.goto(path)
      const pager = page.getByRole('navigation', { name: 'Deck pages' })
      if (!path.includes('red-rains') && !path.includes('legacy')) {
        await expect(page.getByRole('main').getByText('Single page').first()).toBeVisible()
        await expect(pager).toHaveText('Page 1 of 1')
      } else {
        // No deck there: the empty state, and no pager under it.
        await expect(page.getByText('No decks found')).toBeVisible()
        await expect(pager).toHaveCount(0)
      }
      await noStep()
    }
    for (const [path, ready] of [
      [`/decks/${published.id}/`, 'The only comment.'],
      [`/decks/${published.id}/history/`, 'Latest'],
      [`/players/${author.badge}/`, 'Single page'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('main').getByText(ready).first()).toBeVisible()
      await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0)
      await noStep()
    }
  })
})
