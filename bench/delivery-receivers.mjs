// Webhook receivers for the delivery benchmark, in their own process so the
// dispatcher under test has the other core. Usage: node delivery-receivers.mjs N
// Prints one JSON line with the ports, then answers every POST with 200. Any IPC
// message is answered with the requests received so far and the process's CPU time.
import { createServer } from 'node:http'

const count = Number(process.argv[2] ?? 1)
const ports = []
let received = 0
for (let i = 0; i < count; i++) {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received += 1
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end('ok')
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  ports.push(server.address().port)
}
console.log(JSON.stringify({ ports }))
process.on('message', () => process.send?.({ received, cpu: process.cpuUsage() }))
