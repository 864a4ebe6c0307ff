import { describe, expect, it } from 'vitest'
import { decimalToMinor, parseCamt053 } from './camt053-statement.ts'

// The older layout (camt.053.001.02): status as text, the debtor's name without Pty, a
// structured creditor reference, a booking time instead of a day.
const V02 = `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
 <BkToCstmrStmt><Stmt>
  <Ntry>
   <Amt Ccy="THB">2000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
   <BookgDt><DtTm>2026-11-30T09:15:00+07:00</DtTm></BookgDt>
   <NtryRef>E-77</NtryRef>
   <NtryDtls><TxDtls>
    <RltdPties><Dbtr><Nm>SOMCHAI   JAIDEE</Nm></Dbtr></RltdPties>
    <RmtInf><Strd><CdtrRefInf><Ref>KQ47XM2PQ</Ref></CdtrRefInf></Strd></RmtInf>
   </TxDtls></NtryDtls>
  </Ntry>
 </Stmt></BkToCstmrStmt>
</Document>`

describe('reading a camt.053 statement (docs/product/repayments.md, Matching the statement)', () => {
  it('reads the older layout too: its amount from the entry, the reference from the structured part', async () => {
    expect(await parseCamt053(V02)).toEqual({
      ok: true,
      ignored: 0,
      credits: [
        {
          bankTransactionId: 'E-77',
          bookedOn: '2026-11-30',
          amountMinor: 200_000,
          currency: 'THB',
          details: 'KQ47XM2PQ',
          payerName: 'SOMCHAI JAIDEE',
        },
      ],
    })
  })

  it('reads amounts exactly, and nothing that is not a positive amount of at most two decimals', () => {
    expect(decimalToMinor('0.10')).toBe(10)
    expect(decimalToMinor('1234567.89')).toBe(123_456_789)
    expect(decimalToMinor('21474836.47')).toBe(2 ** 31 - 1)
    for (const bad of ['0', '0.00', '21474836.48', '1.005', '-1', '1e3', '1,000.00', ' ', 'NaN'])
      expect(decimalToMinor(bad)).toBeNull()
  })
})
