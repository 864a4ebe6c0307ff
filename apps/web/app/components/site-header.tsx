import { Form, NavLink, Link } from 'react-router'
import { deskPath } from '@padi/domain/auth/desks'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { usePrefetch } from '~/utils/prefetch.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { useHeaderMenu } from './header-menu.ts'

/** The header shows the account's role (its desk), never its name: ADR 086 shares it by role. */
export type HeaderUser = { role: string } | null

/**
 * docs/product/shell.md: on a phone the header is one row (brand, search, cart, menu); the menu is
 * a details/summary, so it opens without JavaScript and from the keyboard. From 60rem the same
 * links stand in a full bar and the menu button is not shown.
 */
export function SiteHeader({
  productName,
  user,
  cartCount = 0,
}: {
  productName: string
  user: HeaderUser
  /** Items in the cart, shown on the cart icon when there are any. */
  cartCount?: number
}) {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const { menu, closeOnEscape } = useHeaderMenu()

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <div className="site-header-row">
        <Link to={href('/')} className="brand" prefetch="none" aria-label={productName}>
          {/* The favicon's drawing inline: a picture request here would start before the page's
              first paint and compete with it on a slow network. */}
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="#1f6f3a" />
            <path d="M16 27V12" stroke="#f3e9b5" strokeWidth="2" strokeLinecap="round" />
            <path
              d="M16 13c-4-1-6-4-6-8 4 1 6 4 6 8zm0 5c4-1 6-4 6-8-4 1-6 4-6 8zm0 5c-4-1-6-4-6-8 4 1 6 4 6 8z"
              fill="#f3e9b5"
            />
          </svg>
          <span className="brand-name">{productName}</span>
        </Link>
        <form
          method="get"
          action={href('/products')}
          role="search"
          className="header-search"
          aria-label={t('nav.search')}
        >
          <input
            name="q"
            type="search"
            enterKeyHint="search"
            maxLength={100}
            required
            aria-label={t('nav.search')}
            placeholder={t('nav.searchPlaceholder')}
          />
          <button type="submit" className="header-icon" aria-label={t('nav.searchButton')}>
            <SearchIcon />
          </button>
        </form>
        <div className="header-desktop-languages">
          <LanguageSwitcher />
        </div>
        <Link
          to={href('/cart')}
          className="header-icon header-cart"
          aria-label={
            cartCount === 1
              ? t('nav.cartCountOne')
              : cartCount > 0
                ? t('nav.cartCount', { count: cartCount })
                : t('nav.cart')
          }
        >
          <CartIcon />
          {cartCount > 0 ? (
            <span className="header-cart-count" aria-hidden="true">
              {cartCount}
            </span>
          ) : null}
        </Link>
        <details className="header-menu" ref={menu} onKeyDown={closeOnEscape}>
          <summary className="header-icon" aria-label={t('nav.menu')}>
            <MenuIcon />
          </summary>
          <div className="header-menu-panel">
            <MenuLinks user={user} label={t('common.mainNavigation')} />
            <p className="header-menu-heading">{t('nav.language')}</p>
            <LanguageSwitcher />
          </div>
        </details>
      </div>
      <MenuLinks user={user} label={t('common.mainNavigation')} className="main-nav-desktop" />
      {/* Shown only on a page the installed app opened without a network (service worker). */}
      <p className="offline-note" role="status">
        {t('common.offline')}
      </p>
    </header>
  )
}

const PUBLIC_LINKS = [
  ['/products', 'nav.products'],
  ['/calculator', 'nav.calculators'],
  ['/credit', 'nav.credit'],
  ['/contact', 'nav.contact'],
  ['/about', 'nav.about'],
] as const
const GUEST_LINKS = [
  ['/login', 'nav.login'],
  ['/signup', 'nav.signup'],
] as const

function MenuLinks({
  user,
  label,
  className = '',
}: {
  user: HeaderUser
  label: string
  className?: string
}) {
  const { t, locale } = useI18n()
  const href = (p: string) => localePath(locale, p)
  const prefetch = usePrefetch()
  // docs/product/accounts.md (Desks): the shop's own people find their desk first; a customer's
  // own pages (orders, QR code) are not theirs.
  const desk = user ? deskPath(user.role) : null
  return (
    <nav className={`main-nav ${className}`.trim()} aria-label={label}>
      {desk ? (
        <Link to={href(desk)} className="nav-desk" prefetch="none">
          {t(`nav.desk.${user!.role}`)}
        </Link>
      ) : null}
      {PUBLIC_LINKS.map(([path, key]) => (
        <NavLink key={path} to={href(path)} prefetch={prefetch}>
          {t(key)}
        </NavLink>
      ))}
      {user ? (
        <>
          {desk ? null : (
            <>
              <NavLink to={href('/orders')} prefetch={prefetch}>
                {t('nav.orders')}
              </NavLink>
              <NavLink to={href('/qr')} prefetch={prefetch}>
                {t('nav.myQr')}
              </NavLink>
            </>
          )}
          <NavLink to={href('/settings')} prefetch={prefetch}>
            {t('nav.account')}
          </NavLink>
          <Form method="post" action={href('/logout')} className="nav-form">
            <button type="submit">{t('nav.logout')}</button>
          </Form>
        </>
      ) : (
        GUEST_LINKS.map(([path, key]) => (
          <NavLink key={path} to={href(path)} prefetch={prefetch}>
            {t(key)}
          </NavLink>
        ))
      )}
    </nav>
  )
}

const iconProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

function SearchIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  )
}

function CartIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6.2" />
    </svg>
  )
}

function MenuIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  )
}
