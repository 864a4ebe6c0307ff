import { z } from 'zod'

// docs/reliability.md (Scheduled jobs): what the back office shows of the shop's scheduled jobs.

export const JOB_NAMES = ['late-fees', 'notices', 'file-sweep', 'sms-retry'] as const
export type JobName = (typeof JOB_NAMES)[number]

export const FailedJobSchema = z.object({
  id: z.string(),
  job: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  first_tried_at: z.string(),
  failed_at: z.string(),
})
export type FailedJob = z.infer<typeof FailedJobSchema>

export const JobsOverviewSchema = z
  .object({
    jobs: z.array(
      z.object({
        name: z.string(),
        every_seconds: z.number().int(),
        waiting: z.number().int(),
        running: z.number().int(),
      }),
    ),
    failed: z.array(FailedJobSchema),
  })
  .meta({ id: 'JobsOverview' })
export type JobsOverview = z.infer<typeof JobsOverviewSchema>
