import type { Db } from '@padi/db/client'
import type { BranchEdit } from '@padi/domain/branches/schemas'
import { DomainError } from '@padi/domain/errors'
import type { Clock } from '../../clock.ts'
import { bumpContentVersion } from '../content/content-version.repository.ts'
import { createBranchesRepository } from './branches.repository.ts'

/**
 * docs/product/back-office.md (Branches): admin edits a branch's phone, address and opening
 * hours; the change is audited and moves the content version, so the contact page, sign-up and
 * checkout show it at once (`forget` drops this process's list of branches).
 */
export function createBranchEditService(deps: { db: Db; clock: Clock; forget: () => void }) {
  return {
    async edit(actorUserId: number, id: number, input: BranchEdit) {
      const now = deps.clock.now()
      await deps.db.transaction(async (tx) => {
        const repo = createBranchesRepository(tx)
        const before = await repo.lockEditable(id)
        if (!before) throw new DomainError('NOT_FOUND', 'Branch not found')
        await repo.applyEdit(id, input)
        await repo.insertAuditEntry({
          actorUserId,
          action: 'branch.edit',
          subjectType: 'branch',
          subjectId: id,
          before: {
            phone: before.phone,
            address: before.address,
            opening_hours: before.openingHours,
          },
          after: { phone: input.phone, address: input.address, opening_hours: input.opening_hours },
          createdAt: now,
        })
        await bumpContentVersion(tx)
      })
      deps.forget()
    },
  }
}
export type BranchEditService = ReturnType<typeof createBranchEditService>
