// The anchor's server: the same stack as apps/web/server.mjs (Express, compression, helmet,
// React Router's request handler), serving the hello build.
import { createServer } from 'node:http'
import express from 'express'
import compression from 'compression'
import helmet from 'helmet'
import { createRequestHandler } from '@react-router/express'

const build = await import('./build/server/index.js')
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use(
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
)
app.use('/assets', express.static(new URL('./build/client/assets', import.meta.url).pathname))
app.all('/{*splat}', createRequestHandler({ build }))
const server = createServer(app).listen(Number(process.env.PORT ?? 3700), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
