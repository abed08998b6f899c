import { expect as baseExpect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logIn, type Player, postComment, publishDeck } from './fixtures.ts'

// Everything players write (comments, deck titles and descriptions, usernames, profiles) is
// shown to other players. Each payload below would set `window.__xss` or open a dialog if any of
// it ran; the pages must show it as text, with no element or attribute it tried to inject.

// The machines running these share two cores with builds and other suites: allow slow pages.
const expect = baseExpect.configure({ timeout: 30_000 })
test.slow()

const CORPUS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<svg onload="window.__xss=1"><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text y="20">svg link</text></a></svg>',
  '<iframe src="javascript:top.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">plain anchor</a>',
  '<a href="jav&#x09;ascript:window.__xss=1">entity anchor</a>',
  '<details open ontoggle="window.__xss=1">details</details>',
  '<object data="data:text/html,<script>parent.__xss=1</script>"></object>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '"><img src=x onerror=window.__xss=1>',
  "'-alert(1)-'",
  '<<script>script>window.__xss=1<</script>/script>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '<style>@import "javascript:window.__xss=1";</style>',
  '[markdown link](javascript:window.__xss=1)',
  '![markdown image](javascript:window.__xss=1)',
  '![x](https://example.invalid/x.png" onerror="window.__xss=1)',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<https://example.com/" onmouseover="window.__xss=1>',
  'https://example.com/"onmouseover="window.__xss=1"',
  '[[javascript:window.__xss=1]]',
  '[[Click me javascript:alert(1)]]',
  '[[Data data:text/html,<script>alert(1)</script>]]',
  '[[*javascript:alert(1)]]',
  '[[*data:image/svg+xml,<svg onload=alert(1)>]]',
  '[[*https://example.invalid/x.png" onerror="window.__xss=1]]',
  '[[x https://example.com/"><script>window.__xss=1</script>]]',
  '[[<img src=x onerror=window.__xss=1>]]',
  '[[charm:class" onmouseover="window.__xss=1]]',
  '[[Sera Emberlock" onmouseover="window.__xss=1]]',
  '* <img src=x onerror=window.__xss=1>\n~ <svg onload=window.__xss=1>\n> <script>alert(1)</script>',
  '**<img src=x onerror=window.__xss=1>** *<b onmouseover=alert(1)>bold</b>*',
  '<!--><img src=x onerror=window.__xss=1>-->',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
]

const JOINED = CORPUS.join('\n\n')
// Usernames are at most 42 characters.
const EVIL_NAMES = ['<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>']
const EVIL_TITLE = '<img src=x onerror=alert(1)> [[Sera Emberlock]] <script>alert(1)</script>'

type Probe = {
  flag: unknown
  handlers: string[]
  elements: string[]
  urls: string[]
  scripts: string[]
}

/** What the page holds that a payload would have put there. */
function probe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const root = document.getElementById('root') ?? document.body
    const all = Array.from(root.querySelectorAll('*'))
    const snippet = (element: Element) => element.outerHTML.slice(0, 160)
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc']
    return {
      flag: (window as { __xss?: unknown }).__xss ?? null,
      handlers: all
        .filter((element) =>
          Array.from(element.attributes).some((attribute) => /^on/i.test(attribute.name)),
        )
        .map(snippet),
      elements: Array.from(
        root.querySelectorAll(
          'script, iframe, object, embed, style, base, meta, details, math, noscript, form[action]',
        ),
      ).map(snippet),
      urls: all
        .filter((element) =>
          urlAttributes.some((name) =>
            /^\s*(javascript|data|vbscript):/i.test(element.getAttribute(name) ?? ''),
          ),
        )
        .map(snippet),
      // Only the bundle and the JSON configuration may be scripts.
      scripts: Array.from(document.scripts)
        .filter(
          (script) =>
            script.id !== 'spellboard-config' &&
            !script.src.startsWith(`${window.location.origin}/assets/`),
        )
        .map(snippet),
    }
  })
}

const CLEAN: Probe = { flag: null, handlers: [], elements: [], urls: [], scripts: [] }

async function expectNothingRan(page: Page, dialogs: string[]) {
  // Let failing images and any handler have their chance first.
  await page.mouse.move(10, 10)
  await page.waitForTimeout(300)
  expect(dialogs).toEqual([])
  expect(await probe(page)).toEqual(CLEAN)
}

function scriptSource(csp: string | undefined): string {
  const directives = new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name.toLowerCase(), values.join(' ')]),
  )
  return directives.get('script-src') ?? directives.get('default-src') ?? ''
}

test('player-written text is shown as text everywhere, never run', async ({ page, request }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })

  const [author, commenter] = (await Promise.all(
    EVIL_NAMES.map((name) => createPlayer(request, name, JOINED)),
  )) as [Player, Player]
  expect(author.username).toBe(EVIL_NAMES[0])
  const deck = await publishDeck(request, author, { title: EVIL_TITLE, description: JOINED })
  const card = (await (await request.get('/v2/cards/sera-emberlock/details')).json()) as {
    entity_id: number
  }
  for (const [index, text] of CORPUS.entries()) {
    const writer = index % 2 === 0 ? author : commenter
    await postComment(request, writer, deck.entityId, text)
  }
  for (const text of CORPUS.slice(0, 8)) await postComment(request, commenter, card.entity_id, text)
  // A profile written after sign-up goes through the account update too.
  const profile = await request.patch('/v2/players/me', {
    headers: bearer(commenter),
    data: { description: `${JOINED}\n\nUpdated.` },
  })
  expect(profile.status()).toBe(200)

  // The deck page: title, author, description and every comment.
  const response = await page.goto(`/decks/${deck.id}/`)
  const scripts = scriptSource(response?.headers()['content-security-policy'])
  expect(scripts).toContain("'self'")
  expect(scripts).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  const thread = page.getByRole('list', { name: 'Comments' })
  // Comments themselves may hold lists: count the thread's own items.
  const comments = thread.locator(':scope > li')
  await expect(comments).toHaveCount(30)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    '<img src=x onerror=alert(1)>',
  )
  await expect(thread.getByText(CORPUS[0] as string)).toBeVisible()
  await expect(
    thread.getByRole('link', { name: `${EVIL_NAMES[1]}#${commenter.badge}` }).first(),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sera Emberlock' }).first()).toBeVisible()
  await thread.hover()
  await expectNothingRan(page, dialogs)
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(comments).toHaveCount(CORPUS.length - 30)
  await expect(thread.getByText(CORPUS.at(-1) as string)).toBeVisible()
  if (process.env.SCREENSHOTS_DIR) {
    await page
      .locator('#comments')
      .screenshot({ path: `${process.env.SCREENSHOTS_DIR}/xss-comments.png` })
  }
  await thread.hover()
  await expectNothingRan(page, dialogs)

  // Lists, profiles, card threads and share links show the same words.
  for (const address of [
    '/decks/',
    `/players/${encodeURIComponent(author.badge)}/`,
    `/players/${encodeURIComponent(commenter.badge)}/`,
    '/cards/sera-emberlock/',
    `/decks/share/${deck.shareUuid}/`,
  ]) {
    await page.goto(address)
    await expect(page.getByText(/onerror/).first()).toBeVisible()
    await expectNothingRan(page, dialogs)
  }

  // Logged in: the header shows the name, and the comment preview renders any payload typed.
  await logIn(page, author)
  await expect(page.getByRole('link', { name: `${EVIL_NAMES[0]}#${author.badge}` })).toBeVisible()
  await page.goto(`/decks/${deck.id}/`)
  const box = page.getByRole('textbox', { name: 'Your comment' })
  for (const text of CORPUS) {
    await box.fill(text)
    await page.getByRole('tab', { name: 'Preview' }).click()
    await expect(page.getByRole('tabpanel')).not.toBeEmpty()
    await expectNothingRan(page, dialogs)
    await page.getByRole('tab', { name: 'Write' }).click()
  }
})

test('the probe notices an injected handler, and the policy would block it anyway', async ({
  page,
}) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto('/')
  await page.evaluate(() => {
    const image = document.createElement('img')
    image.setAttribute('onerror', 'window.__xss=1')
    image.src = 'https://example.invalid/missing.png'
    document.getElementById('root')?.append(image)
  })
  await page.waitForTimeout(500)
  const found = await probe(page)
  expect(found.handlers).toHaveLength(1)
  // script-src 'self' refuses inline handlers, so even this one never ran.
  expect(found.flag).toBeNull()
  expect(dialogs).toEqual([])
})
