import { Button } from "@chakra-ui/react"
import { Images } from "lucide-react"
import { Link as RouterLink } from "wouter"

/**
 * The way to the media library (issue 28) from every content screen: the spec's sidebar stays as its table
 * lists it, and the library is where the images of all those screens are kept.
 */
export function MediaLibraryLink() {
  return (
    <Button asChild variant="outline">
      <RouterLink href="/media">
        <Images aria-hidden="true" />
        Media Library
      </RouterLink>
    </Button>
  )
}
