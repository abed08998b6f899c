import autocannon from 'autocannon'

/**
 * `node spread-load.ts <base URL> <connections> <seconds> <paths as JSON>`: autocannon in its
 * own process over many addresses in turn (the harness's CLI run takes one), printing its
 * result as JSON.
 */
const [baseUrl = '', connections = '16', seconds = '10', pathsJson = '[]'] = process.argv.slice(2)
const paths = JSON.parse(pathsJson) as string[]
let next = 0
const result = await autocannon({
  url: baseUrl,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      setupRequest: (request: { path: string }) => {
        request.path = paths[next++ % paths.length] ?? '/'
        return request
      },
    },
  ],
} as never)
process.stdout.write(JSON.stringify(result))
