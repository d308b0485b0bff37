import { createDiskImageStore, createS3ImageStore, type ImageStore, type S3ImageStore } from "@mithai/api";
import type { Env } from "./env";

/** The picture store the settings ask for: the S3 bucket every server shares (S3_BUCKET), else DATA_DIR/images. */
export function createPictureStore(env: Env): ImageStore | S3ImageStore {
  return env.pictureStore.kind === "s3" ? createS3ImageStore(env.pictureStore.s3) : createDiskImageStore(env.imagesDir);
}
