// Types for s3rver (a local S3 implementation the upload-store tests start); it ships none.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string; configs?: unknown[] }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
