import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { IMAGE_CACHE_CONTROL, IMAGE_NAME, StorageTimeoutError, imageContentType, isStorageTimeout, pictureStoreDown, type ImageStore } from "./image-store";

/** S3_BUCKET and friends (DECISIONS): any S3-compatible store (AWS S3, MinIO, R2, Spaces, …). */
export interface S3Settings {
  bucket: string;
  /** Unset = AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset = the SDK's own credential chain (instance roles, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** MinIO and most self-hosted stores want bucket/key paths, not bucket.host names. */
  forcePathStyle: boolean;
  /** STORAGE_TIMEOUT_MS: how long one call may take, retries included, before it is given up (default 15 s). */
  timeoutMs?: number;
}

/** A store that does not answer fails a request in seconds instead of holding an admin's upload (or a page's picture) open. */
const CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_STORAGE_TIMEOUT_MS = 15_000;

/** The S3 store's own calls beside the picture store's: every name in the bucket (backups), and closing its connections. */
export interface S3ImageStore extends ImageStore {
  readonly bucket: string;
  names(): Promise<string[]>;
  /** Closes the client's kept-open connections (commands and tests that end); nothing when no call was made. */
  close(): Promise<void>;
}

/**
 * Pictures as objects named like their files (`<uuid>.webp`, `<uuid>-320w.webp`) at the top of one bucket. The AWS
 * SDK loads on the first call, not when the server starts (about 0.25 s of it here, for a shop that may keep its
 * pictures on disk).
 */
export function createS3ImageStore(settings: S3Settings): S3ImageStore {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
  let connected: Promise<{ s3: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const connection = () => (connected ??= import("@aws-sdk/client-s3").then((s3) => ({ s3, client: newClient(s3, settings, timeoutMs) })));
  const Bucket = settings.bucket;
  /**
   * Every call gives up after `timeoutMs` in all (a hung store answers nothing and would hold the request open):
   * the SDK's request is aborted, and the caller gets STORAGE_UNAVAILABLE.
   */
  const send = <T>(call: (s3: typeof import("@aws-sdk/client-s3"), client: S3Client, abortSignal: AbortSignal) => Promise<T>): Promise<T> =>
    withDeadline(timeoutMs, async (abortSignal) => {
      const { s3, client } = await connection();
      return call(s3, client, abortSignal);
    });

  return {
    kind: "s3",
    bucket: Bucket,
    async put(name, bytes) {
      try {
        await unlessDown(() =>
          send((s3, client, abortSignal) =>
            client.send(new s3.PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: imageContentType(name), CacheControl: IMAGE_CACHE_CONTROL }), { abortSignal }),
          ),
        );
      } catch (error) {
        // A hung store may still take in the write it was sent: the name is deleted once more a deadline later, so
        // an abandoned upload never stays (the caller deletes it at once too).
        if (isStorageTimeout(error)) {
          const later = setTimeout(() => {
            void send((s3, client, abortSignal) => client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: name }], Quiet: true } }), { abortSignal })).catch(() => undefined);
          }, timeoutMs);
          later.unref();
        }
        throw error;
      }
    },
    async get(name, ifNoneMatch) {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        const object = await send((s3, client, abortSignal) => client.send(new s3.GetObjectCommand({ Bucket, Key: name, IfNoneMatch: ifNoneMatch || undefined }), { abortSignal }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? imageContentType(name),
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return "not-modified";
        if (status === 404) return null;
        throw pictureStoreDown(error);
      }
    },
    async has(name) {
      try {
        await send((s3, client, abortSignal) => client.send(new s3.HeadObjectCommand({ Bucket, Key: name }), { abortSignal }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw pictureStoreDown(error);
      }
    },
    async delete(names) {
      if (names.length === 0) return;
      const answer = await unlessDown(() =>
        send((s3, client, abortSignal) => client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }), { abortSignal })),
      );
      if (answer.Errors?.length) throw pictureStoreDown(new Error(answer.Errors.map((e) => `${e.Key}: ${e.Code}`).join(", ")));
    },
    async names() {
      const { s3, client } = await connection();
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        names.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async close() {
      (await connected?.catch(() => undefined))?.client.destroy();
    },
  };
}

function newClient(s3: typeof import("@aws-sdk/client-s3"), settings: S3Settings, timeoutMs: number): S3Client {
  return new s3.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Newer SDKs add CRC checksums to every upload by default; several S3-compatible stores reject or ignore them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, timeoutMs), requestTimeout: timeoutMs },
    maxAttempts: 2,
  });
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** The call's answer, or a rejection once `ms` have passed (the call's signal is then aborted). */
async function withDeadline<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new StorageTimeoutError(`the picture store did not answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function unlessDown<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw pictureStoreDown(error);
  }
}
