import { Link } from 'react-router'
import { LOCALE_HTML_LANG } from '@padi/domain/i18n/locales'
import { localePath, useI18n } from '~/utils/i18n.ts'
import type { PickupView, StockLineView } from '~/utils/checkout.server.ts'

/**
 * docs/product/orders-and-payments.md (Stock at pickup): the branch to collect from, offered only
 * among the branches that hold every ticked line in full (the farmer's own first, then the
 * nearest). A plain select: it works the same with scripts or without. When the farmer's branch
 * lacks something it says what; when no branch has it all, where each line is and the ways on.
 */
export function PickupBranches({
  pickup,
  chosen,
  invalid,
}: {
  pickup: PickupView
  chosen: string | undefined
  invalid: boolean
}) {
  const { t, locale } = useI18n()
  if (pickup.noneHoldsAll) return <NoBranchHasAll pickup={pickup} />
  const km = new Intl.NumberFormat(LOCALE_HTML_LANG[locale], { maximumFractionDigits: 0 })
  // The farmer's own branch is named under the list, not in it: "(your branch)" after a long
  // name cut the chosen branch off at 360 px (docs/product/shell.md).
  const own = pickup.branches.find((b) => b.preferred)
  const described = [
    invalid ? 'checkout-branch_id-error' : null,
    own ? 'checkout-branch-own' : null,
    pickup.ownLacks || pickup.leftOut > 0 ? 'checkout-branch-note' : null,
  ].filter(Boolean)
  return (
    <>
      <label htmlFor="checkout-branch">{t('checkout.fulfilment.branch')}</label>
      <select
        id="checkout-branch"
        name="branch_id"
        defaultValue={chosen}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
      >
        {pickup.branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.preferred
              ? b.name
              : b.km !== null
                ? t('checkout.pickup.branchKm', { branch: b.name, km: km.format(b.km) })
                : b.name}
          </option>
        ))}
      </select>
      {own ? (
        <p className="hint" id="checkout-branch-own">
          {t('checkout.pickup.ownBranch', { branch: own.name })}
          {pickup.branches.length > 1 ? ` ${t('checkout.pickup.othersNearest')}` : null}
        </p>
      ) : null}
      {pickup.ownLacks ? (
        <div className="checkout-stock-note" id="checkout-branch-note">
          <p>{t('checkout.pickup.ownLacks', { branch: pickup.ownLacks.name })}</p>
          <StockLines lines={pickup.ownLacks.lines} />
          <p className="hint">
            {pickup.deliveryPossible
              ? t('checkout.pickup.onlyHoldersOrDelivery')
              : t('checkout.pickup.onlyHolders')}
          </p>
        </div>
      ) : pickup.leftOut > 0 ? (
        <p className="hint" id="checkout-branch-note">
          {t('checkout.pickup.onlyHolders')}
        </p>
      ) : null}
    </>
  )
}

/** The lines a branch lacks: how many are wanted, how many it has, and a way to another pack. */
export function StockLines({ lines }: { lines: StockLineView[] }) {
  const { t, locale } = useI18n()
  return (
    <ul className="checkout-stock-lines">
      {lines.map((l) => (
        <li key={l.variationId}>
          <span className="checkout-stock-line">
            <strong>
              {l.label} ×{'\u00a0'}
              {l.count}
            </strong>{' '}
            {l.available === 0
              ? t('checkout.pickup.noneThere')
              : t('checkout.pickup.onlyThere', { count: l.available })}
          </span>
          <Link className="tap-link" to={localePath(locale, `/products/${l.productId}`)}>
            {t('checkout.pickup.changePack')}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** No branch holds the whole order: where each line is, and how to go on. */
function NoBranchHasAll({ pickup }: { pickup: PickupView }) {
  const { t, locale } = useI18n()
  return (
    <div className="checkout-stock-problem" id="checkout-branch-note">
      <p>
        <strong>{t('checkout.pickup.noneHoldsAll')}</strong>
      </p>
      <ul className="checkout-stock-lines">
        {pickup.lines.map((l) => (
          <li key={l.variationId}>
            <span className="checkout-stock-line">
              <strong>
                {l.label} ×{'\u00a0'}
                {l.count}
              </strong>{' '}
              {l.heldAt.length === 0
                ? t('checkout.pickup.nowhere')
                : t('checkout.pickup.heldAt', {
                    branches: l.heldAt.map((h) => `${h.name} (${h.quantity})`).join(', '),
                  })}
            </span>
            <Link className="tap-link" to={localePath(locale, `/products/${l.productId}`)}>
              {t('checkout.pickup.changePack')}
            </Link>
          </li>
        ))}
      </ul>
      <p className="hint">{t('checkout.pickup.noneHoldsAllHelp')}</p>
      <Link className="tap-link" to={localePath(locale, '/cart')}>
        {t('checkout.pickup.changeCart')}
      </Link>
    </div>
  )
}
