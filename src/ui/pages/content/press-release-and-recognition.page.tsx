import { Badge, Link, Stack } from "@chakra-ui/react"
import { GRID_IMAGE_SIZES, ResponsiveImage } from "../../components/media/responsive-image.tsx"
import type { ListedPressItem } from "../../../api/contract/content/press.ts"
import {
  pressActionsMachine,
  pressFields,
  pressFormMachine,
  pressImage,
  pressListMachine,
  pressBulkDeleteMachine,
} from "../../../machines/content/press.machine.ts"
import { contentListScreens } from "../../../api/contract/content/content-list-screens.ts"
import { contentLists } from "../../../api/contract/content/content-lists.ts"
import { CardsScreen, type CardsScreenConfig } from "../../components/content/cards-screen.tsx"
import { pressRevisionsMachine } from "../../../machines/content/card-revisions.ts"

const config: CardsScreenConfig<ListedPressItem> = {
  title: contentLists["press-release-and-recognition"].title,
  addLabel: "+ Add Press Release & Recognition",
  emptyText: contentListScreens["press-release-and-recognition"].empty,
  deleteQuestion: "Are you sure you want to delete this press item?",
  formTitles: { add: "Add Press Release & Recognition", update: "Update Press Release & Recognition" },
  fields: pressFields,
  image: pressImage,
  listMachine: pressListMachine,
  formMachine: pressFormMachine,
  actionsMachine: pressActionsMachine,
  idOf: (p) => p._id,
  nameOf: (p) => `${p.type} ${p.link}`,
  editable: true,
  draftForm: "press",
  revisions: {
    machine: pressRevisionsMachine,
    words: {
      what: "press item",
      restoreQuestion: "Its link and type become the press item's again; the current ones stay in the list as a revision. The thumbnail stays the current one.",
    },
  },
  exportList: "press-release-and-recognition",
  historyType: "press",
  bulkDeleteMachine: pressBulkDeleteMachine,
  noun: { one: "press item", many: "press items" },
  renderCard: (p) => (
    <Stack gap="2">
      <ResponsiveImage
        src={p.thumbnail}
        picture={p.picture}
        sizes={GRID_IMAGE_SIZES}
        alt={`Thumbnail of ${p.type}`}
        aspectRatio={16 / 10}
        objectFit="cover"
        w="full"
      />
      <Stack px="3" gap="1">
        <Badge alignSelf="start" colorPalette={p.type === "Recognition" ? "purple" : "teal"}>
          {p.type}
        </Badge>
        <Link href={p.link} target="_blank" rel="noopener noreferrer" fontSize="sm" lineHeight="6" lineClamp={1} wordBreak="break-all" colorPalette="teal">
          {p.link}
        </Link>
      </Stack>
    </Stack>
  ),
}

export default function PressReleaseAndRecognitionPage() {
  return <CardsScreen config={config} />
}
