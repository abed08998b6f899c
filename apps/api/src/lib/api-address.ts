/** Where the API's routes live; everything else is the site's pages and files. */
export const API_PREFIX = '/v2'

/** Whether a request's address is the API's: it is answered as JSON, never as a page. */
export const isApiAddress = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)
