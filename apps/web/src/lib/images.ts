import { IMAGE_WIDTHS, imageVariant } from "@mithai/schema/catalog";

/** `src`, `srcSet` for a catalogue picture; the server keeps WebP copies in each storefront width. */
export function foodImageProps(image: string): { src: string; srcSet: string } {
  const widths = IMAGE_WIDTHS.map((width) => `/images/${imageVariant(image, width)} ${width}w`);
  return { src: `/images/${imageVariant(image, 640)}`, srcSet: [...widths, `/images/${image} 1280w`].join(", ") };
}
