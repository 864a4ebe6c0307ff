/** A day `offsetDays` from today (UTC), as the API's date fields take it. */
export const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/** Every answer a submission needs (docs/product/credit.md, KYC), for Siti's Malaysian card. */
export function completeKycDraft(hectares: number) {
  return {
    full_name: 'Siti binti Abdullah',
    id_number: '820907-09-6124',
    planting_date: day(-30),
    harvest_date: day(120),
    owns_mist_drone: false,
    visited_centre: true,
    hectares,
    consents: { terms: true, data_processing: true, credit_check: true },
  }
}
