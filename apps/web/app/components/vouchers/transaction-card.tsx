import { localizedText } from '@padi/domain/i18n/locales'
import { type Money } from '@padi/domain/money'
import { marketOfCurrency } from '@padi/domain/markets'
import type { CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { useI18n } from '~/utils/i18n.ts'

/**
 * docs/product/vouchers.md (Transactions): one counter transaction on a phone, each fact on a line
 * of its own the width of the card: what it came to and its type, when (in its market's time),
 * where and by whom, and what was paid in vouchers and in cash. The customer's list names the
 * branch; the branch's own list does not repeat it.
 */
export function TransactionCard({
  transaction: x,
  withBranch,
}: {
  transaction: CounterTransaction
  withBranch: boolean
}) {
  const { t, locale, money, dateTime } = useI18n()
  const amount = (m: Money) => money(m.amount_minor, m.currency)
  const where = [withBranch ? localizedText(x.branch_name, locale) : null, x.operator_name]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className="transaction-card">
      <p className="transaction-head">
        <span className="voucher-value money">{amount(x.total)}</span>
        <span>{t(`vouchers.transactions.${x.type}`)}</span>
      </p>
      <p>
        <time className="nowrap" dateTime={x.created_at}>
          {dateTime(x.created_at, marketOfCurrency(x.total.currency))}
        </time>
      </p>
      {where ? <p className="hint">{where}</p> : null}
      {x.vouchers.amount_minor > 0 ? (
        <p>
          {t('vouchers.transactions.paid', {
            vouchers: amount(x.vouchers),
            cash: amount(x.cash),
          })}
        </p>
      ) : null}
    </li>
  )
}
