import { Link } from 'react-router'
import { formatDateTime } from '@padi/domain/dates'
import type { CounterTransaction, Voucher } from '@padi/domain/vouchers/voucher-schemas'
import { localizedText } from '@padi/domain/i18n/locales'
import { localePath, useI18n } from '~/utils/i18n.ts'

const TERMS = ['inFull', 'notTransferable', 'noCash', 'several', 'notValid'] as const
const zoneOf = (currency: 'MYR' | 'THB') =>
  currency === 'THB' ? 'Asia/Bangkok' : 'Asia/Kuala_Lumpur'

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
  const { t, locale, money, date } = useI18n()
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
              <span className="voucher-value">{amount(v.value)}</span>
              <span className="voucher-serial">{v.serial}</span>
              <span>
                {status === 'redeemed' && v.redeemed_at
                  ? t('vouchers.redeemedOn', {
                      date: formatDateTime(v.redeemed_at, zoneOf(v.value.currency)),
                    })
                  : t('vouchers.expires', { date: date(v.expires_at) })}
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
              <li key={x.id} className="voucher-card">
                <span className="voucher-value">{amount(x.total)}</span>
                <span>{t(`vouchers.transactions.${x.type}`)}</span>
                <span>
                  {formatDateTime(x.created_at, zoneOf(x.total.currency))} ·{' '}
                  {localizedText(x.branch_name, locale)}
                  {x.operator_name ? ` · ${x.operator_name}` : ''}
                </span>
                <span>
                  {x.vouchers.amount_minor > 0
                    ? t('vouchers.transactions.paid', {
                        vouchers: amount(x.vouchers),
                        cash: amount(x.cash),
                      })
                    : null}
                </span>
              </li>
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
