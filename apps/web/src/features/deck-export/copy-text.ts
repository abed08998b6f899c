/**
 * Puts text on the clipboard. Browsers without the async clipboard (or pages served over plain
 * http from another host) fall back to copying the selection of the given field.
 */
export async function copyText(
  text: string,
  field?: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission refused: the selection fallback below may still work.
  }
  if (!field) return false
  field.focus()
  field.select()
  return document.execCommand('copy')
}
