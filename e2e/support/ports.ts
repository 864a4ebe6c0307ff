export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3300)
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 3301)
