import { Link } from 'react-router'
import calculatorCss from '~/components/calculator/calculator.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import type { Route } from './+types/calculator-index'
import { pageMessages } from '~/utils/messages.server.ts'

export const handle: StyleHandle = { css: [calculatorCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'calculator.title', 'calculator.description')

export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['calculator'])
}

/** docs/product/calculators.md /calculator: the choice between the two free calculators (docs/product/calculators.md). */
export default function CalculatorIndex() {
  const { t, locale } = useI18n()
  const cards = [
    {
      path: '/calculator/area-converter',
      title: t('calculator.area.title'),
      body: t('calculator.index.areaBody'),
    },
    {
      path: '/calculator/input-calculation',
      title: t('calculator.input.title'),
      body: t('calculator.index.inputBody'),
    },
  ]
  return (
    <>
      <h1>{t('calculator.title')}</h1>
      <p>{t('calculator.intro')}</p>
      <div className="grid calc-cards">
        {cards.map((card) => (
          <article key={card.path} className="card">
            <h2>
              <Link className="tap-link" to={localePath(locale, card.path)}>
                {card.title}
              </Link>
            </h2>
            <p>{card.body}</p>
          </article>
        ))}
      </div>
    </>
  )
}
