import { GRID_IMAGE_SIZES, ResponsiveImage } from "../../components/media/responsive-image.tsx"
import type { ListedGalleryItem } from "../../../api/contract/content/gallery.ts"
import {
  galleryActionsMachine,
  galleryFields,
  galleryFormMachine,
  galleryImage,
  galleryListMachine,
  galleryBulkDeleteMachine,
} from "../../../machines/content/gallery.machine.ts"
import { formatDate } from "../../components/format.ts"
import { contentListScreens } from "../../../api/contract/content/content-list-screens.ts"
import { contentLists } from "../../../api/contract/content/content-lists.ts"
import { CardsScreen, type CardsScreenConfig } from "../../components/content/cards-screen.tsx"

const config: CardsScreenConfig<ListedGalleryItem> = {
  title: contentLists.gallery.title,
  addLabel: "+ Add Gallery",
  emptyText: contentListScreens.gallery.empty,
  deleteQuestion: "Are you sure you want to delete this gallery image?",
  formTitles: { add: "Add Gallery", update: "Add Gallery" },
  submitLabels: { add: "Upload", update: "Upload" },
  fields: galleryFields,
  image: galleryImage,
  listMachine: galleryListMachine,
  formMachine: galleryFormMachine,
  actionsMachine: galleryActionsMachine,
  idOf: (g) => g._id,
  nameOf: (g) => `image added ${formatDate(g.createdAt)}`,
  editable: false,
  exportList: "gallery",
  historyType: "gallery",
  bulkDeleteMachine: galleryBulkDeleteMachine,
  noun: { one: "gallery image", many: "gallery images" },
  renderCard: (g) => (
    <ResponsiveImage
      src={g.image}
      picture={g.picture}
      sizes={GRID_IMAGE_SIZES}
      alt={`Gallery image added ${formatDate(g.createdAt)}`}
      aspectRatio={3 / 2}
      objectFit="cover"
      w="full"
      mb="3"
    />
  ),
}

export default function GalleryPage() {
  return <CardsScreen config={config} />
}
