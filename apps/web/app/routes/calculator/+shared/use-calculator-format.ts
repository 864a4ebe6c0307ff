import { formatRaiNganWah } from '@padi/domain/calculators/area-units'
import type { AreaUnit } from '@padi/domain/calculators/area-units'
import type { BaseProductUnit, ProductUnit } from '@padi/domain/calculators/input-calculation'
import { useI18n } from '~/utils/i18n.ts'
import {
  displayArea,
  displayLitres,
  displayProductAmount,
  formatDecimal,
  pluralForm,
} from './format.ts'

/** Number-with-unit text for the calculator pages, in the reader's language. */
export function useCalculatorFormat() {
  const { t, locale } = useI18n()
  const amount = (value: number, decimals: number, unit: string) =>
    t('units.amount', { value: formatDecimal(value, locale, decimals), unit })
  return {
    /** "1.4389 ha", "2 acres", "7,300 m²". */
    area(value: number, unit: AreaUnit): string {
      const shown = displayArea(value, unit)
      return amount(
        shown.value,
        shown.decimals,
        t(`units.area.${unit}.${pluralForm(shown.value, locale)}`),
      )
    },
    /** The unit word that goes after "per": "ha", "relong", "ไร่". */
    areaUnitWord(unit: AreaUnit): string {
      return t(`units.area.${unit}.one`)
    },
    /** "4 rai 2 ngan 25 sq wah" (docs/product/calculators.md Thai compound notation). */
    raiNganWah(squareMetres: number): { words: string; dashes: string } {
      const parts = formatRaiNganWah(squareMetres)
      return {
        words: t('units.raiNganWah.value', {
          rai: formatDecimal(parts.rai, locale, 0),
          ngan: formatDecimal(parts.ngan, locale, 0),
          wah: formatDecimal(parts.wah, locale, 2),
        }),
        dashes: parts.text,
      }
    },
    /** "431.7 mL", "2.5 L", "330 g". */
    product(value: number, base: BaseProductUnit): string {
      const shown = displayProductAmount(value, base)
      return amount(shown.value, shown.decimals, t(`units.product.${shown.unit}`))
    },
    /** A pack or rate exactly as entered: "250 mL", "1 L". */
    productAsEntered(value: number, unit: ProductUnit): string {
      return amount(value, 3, t(`units.product.${unit}`))
    },
    /** "287.8 L". */
    litres(value: number): string {
      const shown = displayLitres(value)
      return amount(shown.value, shown.decimals, t('units.litres'))
    },
    count(value: number): string {
      return formatDecimal(value, locale, 0)
    },
  }
}
