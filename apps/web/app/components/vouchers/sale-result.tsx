import { localizedText } from '@padi/domain/i18n/locales'
import { marketOfCurrency } from '@padi/domain/markets'
import type { CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { useI18n } from '~/utils/i18n.ts'

/**
 * docs/product/vouchers.md (the redeemed-voucher screen): a sale at the counter as both sides see
 * it: when, where and by whom, what it cost, and each voucher it took. The counter and the
 * customer's QR page show the same screen.
 */
export function SaleResult({ sale, title }: { sale: CounterTransaction; title: string }) {
  const { t, money, locale, dateTime } = useI18n()
  const amount = (m: CounterTransaction['total']) => money(m.amount_minor, m.currency)
  return (
    <div className="notice counter-result" role="status">
      <h2>{title}</h2>
      <p>
        {t('vouchers.sale.when', {
          date: dateTime(sale.created_at, marketOfCurrency(sale.total.currency)),
          branch: localizedText(sale.branch_name, locale),
          operator: sale.operator_name ?? '',
        })}
      </p>
      <p>
        {t('vouchers.sale.paid', {
          total: amount(sale.total),
          vouchers: amount(sale.vouchers),
          cash: amount(sale.cash),
        })}
      </p>
      {sale.redeemed && sale.redeemed.length > 0 ? (
        <ul aria-label={t('vouchers.sale.redeemed')}>
          {sale.redeemed.map((v) => (
            <li key={v.id}>
              <span className="voucher-serial">{v.serial}</span> · {amount(v.value)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
