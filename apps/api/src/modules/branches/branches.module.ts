import type { ApiModule, AppContext } from '../../app-context.ts'
import { createBranchesRepository } from './branches.repository.ts'
import { createBranchesService } from './branches.service.ts'
import { createBranchEditService } from './branch-edit.service.ts'
import { branchesRoutes } from './branches.routes.ts'
import { readContentVersion } from '../content/content-version.repository.ts'

export const branchesOf = (ctx: AppContext) =>
  ctx.shared('branches', () => {
    const branches = createBranchesService(
      createBranchesRepository(ctx.db.db),
      Date.now,
      ctx.content.sync,
    )
    // A change made on another instance drops this one's copy.
    ctx.content.onChange(() => branches.forget())
    return branches
  })

/** Branches, their opening hours and stock, and the admin's branch editor. */
export const branchesModule: ApiModule = async (v1, { ctx }) => {
  const branches = branchesOf(ctx)
  await v1.register(branchesRoutes, {
    branches,
    edit: createBranchEditService({
      db: ctx.db.db,
      clock: ctx.clock,
      forget: () => branches.forget(),
    }),
    guards: ctx.guards,
    contentVersion: () => readContentVersion(ctx.db.db),
  })
}
