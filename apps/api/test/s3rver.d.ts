// Types for the parts of s3rver (an S3-compatible server for tests; it ships none) the tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
