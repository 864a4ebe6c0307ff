import { Fragment, type ReactNode } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { RootData } from '~/root.tsx'
import { useI18n, type TranslateParams } from '~/utils/i18n.ts'

/**
 * Building blocks for the long text pages (about, privacy, terms, credit). The catalogues only
 * hold string leaves, so a section's text lives under numbered keys (p1, item1, ...) and the page
 * says how many there are.
 */

/** The product name is configuration (root loader), so catalogue text says {{product}}. */
export function useProductName(): string {
  return useRouteLoaderData<RootData>('root')?.productName ?? 'SawahMart'
}

function numbers(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i + 1)
}

/** `privacy.collect` -> `privacy-collect`, for heading ids and in-page links. */
export function sectionId(base: string): string {
  return base.replaceAll('.', '-')
}

type KeyListProps = {
  /** Catalogue path; items are `${base}.item1` ... `${base}.item{count}`. */
  base: string
  count: number
  params?: TranslateParams | undefined
  ordered?: boolean | undefined
  /** Each item also has a short bold label at `${base}.item{n}Label`. */
  labelled?: boolean | undefined
}

export function KeyList({ base, count, params, ordered, labelled }: KeyListProps) {
  const { t } = useI18n()
  const items = numbers(count).map((n) => (
    <li key={n}>
      {labelled ? (
        <strong className="content-item-label">{t(`${base}.item${n}Label`, params)}</strong>
      ) : null}
      {t(`${base}.item${n}`, params)}
    </li>
  ))
  return ordered ? <ol>{items}</ol> : <ul>{items}</ul>
}

type SectionProps = {
  /** Catalogue path of the section: the heading is `${base}.title`. */
  base: string
  /** Paragraphs before the list: `${base}.p1` ... */
  paragraphs?: number
  /** List items: `${base}.item1` ... */
  items?: number
  labelled?: boolean
  ordered?: boolean
  /** Paragraphs after the list: `${base}.after1` ... */
  after?: number
  params?: TranslateParams
  /** Extra content (links, tables, examples) shown at the end of the section. */
  children?: ReactNode
}

/** One h2 section of a text page; headings stay in order under the page's single h1. */
export function ContentSection({
  base,
  paragraphs = 0,
  items = 0,
  labelled,
  ordered,
  after = 0,
  params,
  children,
}: SectionProps) {
  const { t } = useI18n()
  const id = sectionId(base)
  return (
    <section className="content-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`${base}.title`, params)}</h2>
      {numbers(paragraphs).map((n) => (
        <p key={`p${n}`}>{t(`${base}.p${n}`, params)}</p>
      ))}
      {items > 0 ? (
        <KeyList base={base} count={items} params={params} ordered={ordered} labelled={labelled} />
      ) : null}
      {numbers(after).map((n) => (
        <p key={`after${n}`}>{t(`${base}.after${n}`, params)}</p>
      ))}
      {children}
    </section>
  )
}

type LastUpdatedProps = {
  /** Catalogue key of the label, e.g. 'privacy.lastUpdated'. */
  labelKey: string
  /** ISO date (YYYY-MM-DD); shown as DD-MM-YYYY (docs/product/limits.md). */
  isoDate: string
}

export function LastUpdated({ labelKey, isoDate }: LastUpdatedProps) {
  const { t, date } = useI18n()
  // A calendar day: shown as written (docs/product/dates-and-times.md).
  const shown = date(isoDate)
  return (
    <p className="content-updated">
      {t(labelKey)} <time dateTime={isoDate}>{shown}</time>
    </p>
  )
}

type FaqProps = {
  /** Catalogue path: heading `${base}.title`, then `${base}.q1`/`${base}.a1` ... */
  base: string
  count: number
  params?: TranslateParams
  /** Extra content under an answer, by question number. */
  extra?: Partial<Record<number, ReactNode>>
}

/** Questions open and close with <details>, which needs no JavaScript. */
export function Faq({ base, count, params, extra }: FaqProps) {
  const { t } = useI18n()
  const id = sectionId(base)
  return (
    <section className="content-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`${base}.title`, params)}</h2>
      {numbers(count).map((n) => (
        <details key={n} className="faq-item">
          <summary>{t(`${base}.q${n}`, params)}</summary>
          <div className="faq-answer">
            <p>{t(`${base}.a${n}`, params)}</p>
            {extra?.[n]}
          </div>
        </details>
      ))}
    </section>
  )
}

type ContentsProps = {
  /** Catalogue key of the navigation label, e.g. 'terms.contents'. */
  labelKey: string
  /** The sections' catalogue paths, in page order (as given to ContentSection). */
  bases: readonly string[]
}

/** In-page links to each section heading; long legal pages are easier to scan on a phone. */
export function Contents({ labelKey, bases }: ContentsProps) {
  const { t } = useI18n()
  return (
    <nav className="content-box content-contents" aria-labelledby="contents-title">
      <h2 id="contents-title">{t(labelKey)}</h2>
      <ul>
        {bases.map((base) => (
          <li key={base}>
            <a href={`#${sectionId(base)}-title`}>{t(`${base}.title`)}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const MARK = '\u0000'

type RichTextProps = {
  /** Catalogue key. */
  k: string
  params?: TranslateParams
  /** Placeholders filled with elements instead of text, e.g. a <time> that must not wrap. */
  nodes: Record<string, ReactNode>
}

/** Translates `k` and puts `nodes` where their {{placeholders}} are, wherever the language puts them. */
export function RichText({ k, params, nodes }: RichTextProps) {
  const { t } = useI18n()
  const marks = Object.fromEntries(
    Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]),
  )
  const parts = t(k, { ...params, ...marks }).split(MARK)
  // Odd parts are placeholder names; the same placeholder may appear more than once.
  return (
    <>{parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[part]}</Fragment> : part))}</>
  )
}
