import type { CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { SaleResult } from '~/components/vouchers/sale-result.tsx'
import { useI18n } from '~/utils/i18n.ts'

/**
 * docs/product/vouchers.md: the counter's sale on the customer's QR page, and that the code shown
 * under it is a new one. Drawn by the page, and by its background request (qr-sales.ts) for the
 * page's live script to put in place.
 */
export function QrSale({ sale }: { sale: CounterTransaction }) {
  const { t } = useI18n()
  return (
    <>
      <SaleResult sale={sale} title={t('vouchers.sale.title')} />
      <p>{t('vouchers.sale.newCode')}</p>
    </>
  )
}
