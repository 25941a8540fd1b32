import { Image, type ImageProps } from "@chakra-ui/react"
import type { Picture } from "../../../api/contract/content/content-common.ts"

/** A card grid of 1, 2, 3 and 4 columns (sm, lg, xl): each image is a column wide. */
export const GRID_IMAGE_SIZES = "(min-width: 80em) 25vw, (min-width: 62em) 33vw, (min-width: 30em) 50vw, 100vw"

type Props = {
  src: string
  /** The library's picture of the image; null for one the library does not hold, shown as stored. */
  picture: Picture | null
  /** How wide the image is drawn at each screen width, so the browser fetches the smallest variant that is sharp. */
  sizes: string
  alt: string
} & Omit<ImageProps, "src" | "srcSet" | "sizes" | "alt">

/**
 * An image at the size the screen needs (issue 28): a WebP `<source>` and the original format's `srcset`, with
 * the image's own dimensions as attributes so its space is kept before it loads. Loads lazily.
 */
export function ResponsiveImage({ src, picture, sizes, alt, ...props }: Props) {
  if (!picture) return <Image src={src} alt={alt} loading="lazy" {...props} />
  return (
    // `display: contents` leaves the layout to the <img>, as if the <picture> were not there.
    <picture style={{ display: "contents" }}>
      {picture.webpSrcset ? <source type="image/webp" srcSet={picture.webpSrcset} sizes={sizes} /> : null}
      <Image
        src={src}
        srcSet={picture.srcset}
        sizes={sizes}
        alt={alt}
        htmlWidth={picture.width}
        htmlHeight={picture.height}
        loading="lazy"
        decoding="async"
        {...props}
      />
    </picture>
  )
}
