import { expect, type Page, test } from '@playwright/test'

// Every static page is checked for dead ends: each link and asset on our own site answers 2xx
// as it is written (no redirect needed), each page it leads to is a real page (not 'No page
// found'), and each link to another site is a well-formed https address (not fetched: the
// browser tests run without internet).

const STATIC_PAGES = [
  '/',
  '/phoenix/',
  '/policies/',
  '/no-such-page/',
  '/log-in/',
  '/players/new/',
  '/players/reset/',
]

type Found = { from: string; url: string; kind: 'page' | 'asset' }

/** Every address the rendered page points at: links, scripts, styles, images, icon sprites. */
async function addressesOn(page: Page, from: string): Promise<Found[]> {
  const found = await page.evaluate(() => {
    const out: { url: string; kind: 'page' | 'asset' }[] = []
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
      out.push({ url: a.href, kind: 'page' })
    }
    const sources = document.querySelectorAll<HTMLImageElement | HTMLScriptElement>(
      'img[src], script[src], source[src]',
    )
    for (const el of Array.from(sources)) {
      out.push({ url: el.src, kind: 'asset' })
    }
    for (const el of Array.from(document.querySelectorAll<HTMLLinkElement>('link[href]'))) {
      out.push({ url: el.href, kind: 'asset' })
    }
    for (const el of Array.from(document.querySelectorAll('use'))) {
      const href = el.getAttribute('href') ?? el.getAttribute('xlink:href')
      if (href && !href.startsWith('#'))
        out.push({ url: new URL(href, document.baseURI).href, kind: 'asset' })
    }
    return out
  })
  return found.map((entry) => ({ ...entry, from }))
}

test('no dead link or asset on any static page', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin
  const found: Found[] = []
  for (const path of STATIC_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    found.push(...(await addressesOn(page, path)))
  }
  expect(found.length).toBeGreaterThan(30)

  const problems: string[] = []
  const checked = new Set<string>()
  const pages = new Set<string>()
  for (const { from, url, kind } of found) {
    const address = new URL(url)
    if (address.origin !== origin) {
      if (address.protocol !== 'https:' || !/\.[a-z]{2,}$/i.test(address.hostname)) {
        problems.push(`${from}: ${url} is not a well-formed https address`)
      }
      continue
    }
    address.hash = ''
    const key = address.href
    if (kind === 'page' && !/\.[a-z0-9]+$/i.test(address.pathname)) pages.add(key)
    if (checked.has(key)) continue
    checked.add(key)
    const response = await page.request.get(key, { maxRedirects: 0 })
    if (response.status() < 200 || response.status() > 299) {
      problems.push(`${from}: ${key} answered ${response.status()}`)
    }
  }
  // Any address is a page to the server; the app must know it too.
  for (const address of pages) {
    await page.goto(address)
    await page.waitForLoadState('networkidle')
    const notFound = await page.getByRole('heading', { name: 'No page found' }).count()
    const expected = new URL(address).pathname === '/no-such-page/' ? 1 : 0
    if (notFound !== expected) problems.push(`${address} shows 'No page found'`)
  }
  expect(problems).toEqual([])
  // Rules PDFs are among the links, and they lead somewhere real.
  expect(found.some(({ url }) => url.endsWith('.pdf'))).toBe(true)
})
