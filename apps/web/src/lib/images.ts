import { foodImageSources } from "@mithai/schema/catalog";

/** `src`, `srcSet` for a catalogue picture; the server keeps WebP copies in each storefront width. */
export const foodImageProps = foodImageSources;
