/**
 * Where the API and the content host are, read at start from the JSON the server writes into
 * index.html. Empty values mean "same origin" (API) and "generated card images" (content host),
 * so the built SPA can be served by our own process or from a CDN with the file edited.
 */
export type RuntimeConfig = { apiUrl: string; cdnUrl: string }

function read(): RuntimeConfig {
  const element =
    typeof document === 'undefined' ? null : document.getElementById('spellboard-config')
  let parsed: Partial<RuntimeConfig> = {}
  try {
    parsed = JSON.parse(element?.textContent || '{}') as Partial<RuntimeConfig>
  } catch {
    // A hand-edited, broken config falls back to same-origin defaults rather than a blank page.
  }
  const trim = (url: string | undefined) => (url ?? '').replace(/\/+$/, '')
  return {
    apiUrl: trim(parsed.apiUrl ?? import.meta.env.VITE_API_URL),
    cdnUrl: trim(parsed.cdnUrl ?? import.meta.env.VITE_CDN_URL),
  }
}

export const runtimeConfig: RuntimeConfig = read()
