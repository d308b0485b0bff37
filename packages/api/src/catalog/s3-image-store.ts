import type { Readable } from "node:stream";
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
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

/** Pictures as objects named like their files (`<uuid>.webp`, `<uuid>-320w.webp`) at the top of one bucket. */
export function createS3ImageStore(settings: S3Settings): ImageStore & { readonly client: S3Client; readonly bucket: string } {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
  const client = new S3Client({
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
  const Bucket = settings.bucket;
  /**
   * Every call gives up after `timeoutMs` in all (a hung store answers nothing and would hold the request open):
   * the SDK's request is aborted, and the caller gets STORAGE_UNAVAILABLE.
   */
  const send = <T>(call: (abortSignal: AbortSignal) => Promise<T>): Promise<T> => withDeadline(timeoutMs, call);

  return {
    kind: "s3",
    client,
    bucket: Bucket,
    async put(name, bytes) {
      try {
        await unlessDown(() =>
          send((abortSignal) =>
            client.send(new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: imageContentType(name), CacheControl: IMAGE_CACHE_CONTROL }), { abortSignal }),
          ),
        );
      } catch (error) {
        // A hung store may still take in the write it was sent: the name is deleted once more a deadline later, so
        // an abandoned upload never stays (the caller deletes it at once too).
        if (isStorageTimeout(error)) {
          const later = setTimeout(() => {
            void send((abortSignal) => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: name }], Quiet: true } }), { abortSignal })).catch(() => undefined);
          }, timeoutMs);
          later.unref();
        }
        throw error;
      }
    },
    async get(name, ifNoneMatch) {
      if (!IMAGE_NAME.test(name)) return null;
      try {
        const object = await send((abortSignal) => client.send(new GetObjectCommand({ Bucket, Key: name, IfNoneMatch: ifNoneMatch || undefined }), { abortSignal }));
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
        await send((abortSignal) => client.send(new HeadObjectCommand({ Bucket, Key: name }), { abortSignal }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw pictureStoreDown(error);
      }
    },
    async delete(names) {
      if (names.length === 0) return;
      const answer = await unlessDown(() =>
        send((abortSignal) => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }), { abortSignal })),
      );
      if (answer.Errors?.length) throw pictureStoreDown(new Error(answer.Errors.map((e) => `${e.Key}: ${e.Code}`).join(", ")));
    },
  };
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
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
