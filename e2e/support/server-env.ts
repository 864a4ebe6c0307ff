import { serverEnv } from '../../scripts/server-memory.mjs'
import { E2E_WEB_PORT } from './ports.ts'

/** The payment gateway's webhook secret of the test shop (base64), shared with the fake gateway. */
export const E2E_OPN_WEBHOOK_SECRET = Buffer.from('e2e-opn-webhook-secret-0123456789').toString(
  'base64',
)

/** The settings both test servers run with (ports, database and data folder are added by the caller). */
export function e2eServerEnv(): NodeJS.ProcessEnv {
  return serverEnv({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Tests must not reach the internet: no map tiles.
    MAP_TILE_URL: '',
    INTEREST_RATE_LIMIT_MAX: '1000',
    FEEDBACK_RATE_LIMIT_MAX: '1000',
    RATE_LIMIT_MAX: '100000',
    // The browser tests read codes from the SMS outbox of this production build (demo mode, which
    // PostgreSQL would otherwise turn off), and sign up many numbers from one address.
    DEMO_MODE: 'true',
    // The web server proves itself to the API with this, so the API believes its X-Forwarded-For.
    PROXY_SECRET: 'e2e-proxy-secret-that-is-long-enough-0123456789',
    OTP_SENDS_PER_IP: '1000',
    // No resend cool-down: a test that sends a number a second code need not wait for it. Its 429
    // path is tested in the API tests; the pages' own 60 s countdown does not read this.
    OTP_RESEND_COOLDOWN_SECONDS: '0',
    OTP_SENDS_GLOBAL: '10000',
    AUTH_RATE_LIMIT_MAX: '1000',
    LOGIN_RATE_LIMIT_MAX: '1000',
    // Access tokens live 10 min 2 s: fresh after login, inside the 10-minute refresh window 2 s
    // later, so pages a test opens after that go through the refresh, as a farmer's do. (The
    // refresh test itself does not wait: e2e/support/session-cookie.ts moves the expiry. bench:ssr
    // sets the default, 900 s: its logged-in customer keeps one cookie for the run.)
    ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '602',
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
    JWT_SECRET: 'e2e-jwt-secret-that-is-long-enough-0123456789',
    // WebAuthn needs a host name, not an IP: the biometric test browses http://localhost.
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGINS: `http://localhost:${E2E_WEB_PORT}`,
    OTP_SECRET: 'e2e-otp-secret-that-is-long-enough-0123456789',
    // A payment gateway's notices (docs/product/repayments.md): the fake gateway the tests start
    // signs with this.
    OPN_WEBHOOK_SECRET: E2E_OPN_WEBHOOK_SECRET,
  })
}
