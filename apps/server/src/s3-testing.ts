import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3ImageStore } from "@mithai/api";

/**
 * A real S3-protocol server (npm s3rver: the S3 REST API over a folder) for tests: the shop talks to it through the
 * real SDK. It can be stopped (the store is down: connections refused) and started again on the same port and data.
 */
export interface TestS3 {
  url: string;
  bucket: string;
  /** The settings a shop needs to use it (S3_BUCKET, S3_ENDPOINT, …). */
  env: Record<string, string>;
  /** Every object name in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

export async function startTestS3(options: { port?: number; bucket?: string } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "mithai-s3-"));
  const bucket = options.bucket ?? "mithai-pictures";
  let port = options.port ?? 0;
  let server: S3rver | undefined;

  async function start(): Promise<void> {
    if (server) return;
    const instance = new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
    port = (await instance.run()).port;
    server = instance;
  }
  async function stop(): Promise<void> {
    const instance = server;
    server = undefined;
    if (!instance?.httpServer) return;
    const closed = instance.close();
    // The SDK keeps connections open: cut them, as a store that went away would.
    instance.httpServer.closeAllConnections();
    await closed;
  }

  await start();
  const url = `http://127.0.0.1:${port}`;
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: url, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", S3_FORCE_PATH_STYLE: "true" };
  const reader = createS3ImageStore({ bucket, endpoint: url, region: "us-east-1", credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }, forcePathStyle: true });

  return {
    url,
    bucket,
    env,
    async keys() {
      return (await reader.names()).sort();
    },
    stop,
    start,
    async close() {
      await stop();
      await reader.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
