import type { ApiModule } from '../../app-context.ts'
import { createAddressesService } from './addresses.service.ts'
import { addressesRoutes } from './addresses.routes.ts'

/** The customer's delivery addresses. */
export const addressesModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(addressesRoutes, {
    addresses: createAddressesService({ db: ctx.db.db }),
    guards: ctx.guards,
  })
}
