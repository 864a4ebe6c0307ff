// docs/product/repayments.md (Statements as CSV): the ways a bank's CSV writes its days, without
// zod, so finance's page can list them without loading the validation library.
export const CSV_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'DD-MM-YYYY'] as const
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number]
