import { DEFAULT_IMAGES_BASE, foodImageSources } from "@mithai/schema";

/** Where the pictures are (IMAGES_PUBLIC_URL when the shop serves them from a bucket or CDN), as the server wrote it. */
const IMAGES_BASE: string = (() => {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="images-base"]')?.content;
  return fromPage && !fromPage.includes("%") ? fromPage : DEFAULT_IMAGES_BASE;
})();

/** `src`, `srcSet` for a catalogue picture; the server keeps WebP copies in each storefront width. */
export const foodImageProps = (image: string) => foodImageSources(image, IMAGES_BASE);
