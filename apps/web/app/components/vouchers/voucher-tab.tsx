import { Link } from 'react-router'
import { marketOfCurrency } from '@padi/domain/markets'
import type { CounterTransaction, Voucher } from '@padi/domain/vouchers/voucher-schemas'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { TransactionCard } from './transaction-card.tsx'

const TERMS = ['inFull', 'notTransferable', 'noCash', 'several', 'notValid'] as const

/**
 * docs/product/vouchers.md: the dashboard's voucher tab: the active vouchers (with the way to the
 * QR code that redeems them), the redeemed and expired ones, the programme's terms, and the
 * farmer's transactions at branch counters.
 */
export function VoucherTab({
  vouchers,
  transactions,
}: {
  vouchers: Voucher[]
  transactions: CounterTransaction[]
}) {
  const { t, locale, money, date, dateTime } = useI18n()
  const amount = (m: { amount_minor: number; currency: 'MYR' | 'THB' }) =>
    money(m.amount_minor, m.currency)
  const list = (status: Voucher['status']) => vouchers.filter((v) => v.status === status)
  const section = (status: Voucher['status']) => (
    <section className="card" aria-labelledby={`vouchers-${status}`}>
      <h2 id={`vouchers-${status}`}>{t(`vouchers.lists.${status}`)}</h2>
      {list(status).length === 0 ? (
        <p>{t(`vouchers.none.${status}`)}</p>
      ) : (
        <ul className="voucher-list">
          {list(status).map((v) => (
            <li key={v.id} className="voucher-card">
              <span className="voucher-value money">{amount(v.value)}</span>
              <span className="voucher-serial">{v.serial}</span>
              <span className="voucher-when">
                {status === 'redeemed' && v.redeemed_at
                  ? t('vouchers.redeemedOn', {
                      date: dateTime(v.redeemed_at, marketOfCurrency(v.value.currency)),
                    })
                  : t('vouchers.expires', { date: date(v.expires_on) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
  return (
    <>
      <p className="button-row">
        <Link className="button" to={localePath(locale, '/qr')}>
          {t('vouchers.showQr')}
        </Link>
      </p>
      {section('active')}
      {section('redeemed')}
      {list('expired').length > 0 ? section('expired') : null}
      <section className="card" aria-labelledby="vouchers-transactions">
        <h2 id="vouchers-transactions">{t('vouchers.transactions.title')}</h2>
        {transactions.length === 0 ? (
          <p>{t('vouchers.transactions.none')}</p>
        ) : (
          <ul className="voucher-list">
            {transactions.map((x) => (
              <TransactionCard key={x.id} transaction={x} withBranch />
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="vouchers-terms">
        <h2 id="vouchers-terms">{t('vouchers.terms.title')}</h2>
        <ul>
          {TERMS.map((k) => (
            <li key={k}>{t(`vouchers.terms.${k}`)}</li>
          ))}
        </ul>
      </section>
    </>
  )
}
