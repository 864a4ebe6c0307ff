import { Form } from 'react-router'
import { MARKETS, type Market } from '@padi/domain/markets'
import { useI18n } from '~/utils/i18n.ts'

/**
 * Which market's prices show (docs/product/catalogue.md). A visitor may switch with a plain POST to the page's own
 * action, which sets the market cookie and comes back (works without JavaScript); a logged-in
 * customer's market is their account's.
 */
export function MarketSwitch({ market, locked }: { market: Market; locked: boolean }) {
  const { t } = useI18n()
  if (locked) {
    return (
      <p className="cat-market muted">
        {t('products.market.fromAccount', { market: t(`products.market.${market}`) })}
      </p>
    )
  }
  return (
    <Form method="post" className="cat-market" preventScrollReset>
      <span id="cat-market-label">{t('products.market.label')}</span>
      <div className="cat-market-options" role="group" aria-labelledby="cat-market-label">
        {MARKETS.map((m) => (
          <button
            key={m}
            type="submit"
            name="market"
            value={m}
            className="cat-market-option"
            aria-pressed={m === market}
          >
            {t(`products.market.${m}`)}
          </button>
        ))}
      </div>
    </Form>
  )
}
