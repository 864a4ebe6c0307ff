import { EXTENSION_FILE_LIMITS, EXTENSION_TEXT_MAX } from '../credit/late-repayment-rules.ts'
import { KYC_LIMITS } from '../kyc/kyc-documents.ts'
import type { Locale } from './locales.ts'
import en from './api-messages/en.json' with { type: 'json' }
import bm from './api-messages/bm.json' with { type: 'json' }
import th from './api-messages/th.json' with { type: 'json' }

export type MessageTree = { [key: string]: string | MessageTree }

/**
 * The texts of every catalogue key the API sends in a refusal (`errors[].message`,
 * `message_key`), in en, bm and th. They live here, not in the web's catalogues, so the API can
 * send each refusal's text in the caller's language to an app that has no catalogue of its own;
 * the web merges them into its namespaces (docs/product/errors.md, How errors are shown).
 */
export const API_MESSAGES: Record<Locale, MessageTree> = { en, bm, th }

const MB = 1024 * 1024

/** The figures some texts name: the limits they speak of, the same for everyone. */
const PARAMS: Record<string, Record<string, number>> = {
  'extension.errors.documentLimit': { files: EXTENSION_FILE_LIMITS.files },
  'extension.errors.fileTooLarge': { size: EXTENSION_FILE_LIMITS.fileBytes / MB },
  'extension.errors.tooLong': { count: EXTENSION_TEXT_MAX },
  'kyc.upload.fileTooLarge': { mb: KYC_LIMITS.maxFileBytes / MB },
  'kyc.upload.tooMany': { count: KYC_LIMITS.maxFiles },
  'kyc.upload.totalTooLarge': { mb: KYC_LIMITS.maxTotalBytes / MB },
}

/** A key's text in a language (English when that language lacks it); undefined: not a key of ours. */
export function apiMessageText(locale: Locale, key: string): string | undefined {
  const find = (tree: MessageTree) => {
    let node: string | MessageTree | undefined = tree
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
    return typeof node === 'string' ? node : undefined
  }
  const text = find(API_MESSAGES[locale]) ?? find(API_MESSAGES.en)
  const params = PARAMS[key] ?? {}
  return text?.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    String(params[name] ?? whole),
  )
}
