import type { Config } from '@react-router/dev/config'

// The anchor page of `npm run bench:ssr`: React Router's hello page with a 24-item loader, built
// with the same React Router, React and Vite as the shop, so the shop's pages are measured as a
// ratio to it in the same run.
export default { appDirectory: 'app', ssr: true } satisfies Config
