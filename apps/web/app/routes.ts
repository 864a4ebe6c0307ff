import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

// Every page lives under /{locale}/ (ADR 006); resources without UI live at the top level.
export default [
  index('routes/resources/locale-redirect.ts'),
  route('healthz', 'routes/resources/healthz.ts'),
  route('set-locale', 'routes/resources/set-locale.ts'),
  route('cookie-consent', 'routes/resources/cookie-consent.ts'),
  route(':lang', 'routes/layouts/locale-layout.tsx', [
    layout('routes/layouts/default-layout.tsx', [
      index('routes/public/home.tsx'),
      route('about', 'routes/public/about.tsx'),
      route('contact', 'routes/public/contact.tsx'),
      route('privacy', 'routes/public/privacy.tsx'),
      route('terms', 'routes/public/terms.tsx'),
      route('register-interest', 'routes/public/register-interest.tsx'),
      route('credit', 'routes/public/credit.tsx'),
      route('calculator', 'routes/calculator/calculator-index.tsx'),
      route('calculator/area-converter', 'routes/calculator/area-converter.tsx'),
      route('calculator/input-calculation', 'routes/calculator/input-calculation.tsx'),
      route('security/access-forbidden', 'routes/security/access-forbidden.tsx'),
      route('security/too-many-requests', 'routes/security/too-many-requests.tsx'),
      route('security/security-check', 'routes/security/security-check.tsx'),
      route('products', 'routes/products/products-index.tsx'),
      route('products/agrochems', 'routes/products/agrochems-list.tsx'),
      route('products/drones', 'routes/products/drones-list.tsx'),
      route('products/agrochems/:id', 'routes/products/agrochems-detail.tsx'),
      route('products/drones/:id', 'routes/products/drones-detail.tsx'),
      route('products/:id', 'routes/products/product-detail.tsx'),
      route('login', 'routes/auth/login.tsx'),
      route('signup', 'routes/auth/signup.tsx'),
      route('forgot-pwd', 'routes/auth/forgot-password.tsx'),
      route('logout', 'routes/auth/logout.ts'),
      // Not under /cart: guard 6 keeps /cart for customers, and visitors add to their own cart.
      route('add-to-cart', 'routes/cart/add-to-cart.ts'),
      layout('routes/layouts/protected-layout.tsx', [
        route('settings', 'routes/account/settings.tsx'),
        route('settings/addresses', 'routes/account/addresses.tsx'),
        route('settings/pin', 'routes/account/payment-pin.tsx'),
        route('settings/biometrics', 'routes/account/biometrics.tsx'),
        route('forgot-pin', 'routes/account/forgot-pin.tsx'),
        route('biometrics/options', 'routes/account/biometric-options.ts'),
        route('cart', 'routes/cart/cart.tsx'),
        route('checkout', 'routes/checkout/checkout.tsx'),
        route('checkout/pin-setup', 'routes/checkout/checkout-pin-setup.tsx'),
        route('checkout/payment', 'routes/checkout/checkout-payment.tsx'),
        route('checkout/payment/success', 'routes/checkout/checkout-success.tsx'),
        route('orders', 'routes/orders/orders-index.tsx'),
        route('orders/:id', 'routes/orders/order-detail.tsx'),
        // Coming soon: each is replaced by its real page when that lands.
        ...(['dashboard', 'kyc', 'receipt'] as const).map((page) =>
          route(page, 'routes/account/coming-soon.tsx', { id: `coming-soon-${page}` }),
        ),
      ]),
      route('*', 'routes/public/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig
