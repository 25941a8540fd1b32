import { useEffect, useRef } from "react"
import { Image, type ImageProps } from "@chakra-ui/react"

/**
 * Shows an image a machine fetched through an authorised call (a private file cannot be an
 * <img src> because the browser would not send the Bearer token). The object URL is made, set on
 * the element and released by the same effect, so React's mount-unmount-mount (StrictMode) never
 * leaves a revoked address behind.
 */
export function BlobImage({ blob, alt, ...props }: { blob: Blob; alt: string } & Omit<ImageProps, "src" | "alt">) {
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const url = URL.createObjectURL(blob)
    if (ref.current) ref.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [blob])
  return <Image ref={ref} alt={alt} {...props} />
}
