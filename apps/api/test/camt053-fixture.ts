// A camt.053 statement as a bank sends it, for the tests, the browser tests and the bench of
// the statement import (docs/product/repayments.md, Matching the statement).

export type StatementEntry = {
  id: string
  amount: string
  currency?: string
  text?: string
  direction?: 'CRDT' | 'DBIT'
  status?: string
  payer?: string
}

/** A camt.053 statement (version 001.08, as banks send it) with these entries. */
export function camt053(
  entries: readonly StatementEntry[],
  batch: readonly StatementEntry[] = [],
): string {
  const tx = (e: StatementEntry) => `
        <TxDtls>
          <Refs><AcctSvcrRef>${e.id}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <Amt Ccy="${e.currency ?? 'MYR'}">${e.amount}</Amt>
          <RltdPties><Dbtr><Pty><Nm>${e.payer ?? 'AHMAD BIN ALI'}</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>${e.text ?? ''}</Ustrd></RmtInf>
        </TxDtls>`
  const entry = (e: StatementEntry) => `
    <Ntry>
      <Amt Ccy="${e.currency ?? 'MYR'}">${e.amount}</Amt>
      <CdtDbtInd>${e.direction ?? 'CRDT'}</CdtDbtInd>
      <Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts>
      <BookgDt><Dt>2026-11-30</Dt></BookgDt>
      <AcctSvcrRef>${e.id}</AcctSvcrRef>
      <NtryDtls>${tx(e)}</NtryDtls>
    </Ntry>`
  const batchEntry = batch.length
    ? `
    <Ntry>
      <Amt Ccy="MYR">${batch.reduce((s, e) => s + Number(e.amount), 0).toFixed(2)}</Amt>
      <CdtDbtInd>CRDT</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><Dt>2026-11-30</Dt></BookgDt>
      <AcctSvcrRef>BATCH-1</AcctSvcrRef>
      <NtryDtls>${batch.map(tx).join('')}</NtryDtls>
    </Ntry>`
    : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-1-1</Id>
      <Acct><Id><Othr><Id>1234567890</Id></Othr></Id><Ccy>MYR</Ccy></Acct>${entries.map(entry).join('')}${batchEntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>`
}

/** A Malaysian bank's CSV export, as finance maps it (docs/product/repayments.md, CSV). */
export const MAYBANK_CSV_MAPPING = {
  currency: 'MYR',
  id_column: 'Reference No',
  date_column: 'Posting Date',
  date_format: 'DD/MM/YYYY',
  amount_column: 'Credit',
  details_column: 'Description',
  payer_column: 'Sender',
} as const
