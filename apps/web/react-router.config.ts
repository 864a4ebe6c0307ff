import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  ssr: true,
  // Another folder for a second build (the new-version browser test); server.mjs reads the same.
  buildDirectory: process.env.WEB_BUILD_DIR || 'build',
  future: { v8_middleware: true },
} satisfies Config
