/** Every public page, each tried in every language (paths under the locale). */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/register-interest',
  '/credit',
  '/calculator',
  '/calculator/area-converter',
  // With a result: its table of every unit is wider than a phone and scrolls inside.
  '/calculator/area-converter?value=5&from=relong&to=hectare',
  '/calculator/input-calculation',
  '/security/access-forbidden',
  '/security/too-many-requests',
  '/security/security-check',
  '/login',
  '/signup',
  '/forgot-pwd',
  '/products',
  '/products/agrochems',
  '/products/drones',
  // Demo catalogue ids are stable: products load in file order on first start.
  '/products/agrochems/9',
  '/products/drones/70',
]
