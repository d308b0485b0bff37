// s3rver ships no types; the few members the tests use.
declare module "s3rver" {
  import type { Server } from "node:http";
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer: Server | undefined;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
