import { createDiskImageStore, type ImageStore } from "@mithai/api/catalog/image-store";
import { createS3ImageStore } from "@mithai/api/catalog/s3-image-store";
import type { Env } from "./env";

/** The picture store the settings ask for: the S3 bucket every server shares (S3_BUCKET), else DATA_DIR/images. */
export function createPictureStore(env: Env): ImageStore | ReturnType<typeof createS3ImageStore> {
  return env.pictureStore.kind === "s3" ? createS3ImageStore(env.pictureStore.s3) : createDiskImageStore(env.imagesDir);
}
