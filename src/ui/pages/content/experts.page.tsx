import { Stack, Text } from "@chakra-ui/react"
import { ResponsiveImage } from "../../components/media/responsive-image.tsx"
import type { ListedExpert } from "../../../api/contract/content/expert.ts"
import {
  expertActionsMachine,
  expertFields,
  expertFormMachine,
  expertImage,
  expertListMachine,
  expertBulkDeleteMachine,
} from "../../../machines/content/experts.machine.ts"
import { contentListScreens } from "../../../api/contract/content/content-list-screens.ts"
import { contentLists } from "../../../api/contract/content/content-lists.ts"
import { CardsScreen, type CardsScreenConfig } from "../../components/content/cards-screen.tsx"
import { expertRevisionsMachine } from "../../../machines/content/card-revisions.ts"

const config: CardsScreenConfig<ListedExpert> = {
  title: contentLists.experts.title,
  addLabel: "+ Add Expert",
  emptyText: contentListScreens.experts.empty,
  deleteQuestion: "Are you sure you want to delete this expert?",
  formTitles: { add: "Add Expert", update: "Update Expert" },
  fields: expertFields,
  image: expertImage,
  listMachine: expertListMachine,
  formMachine: expertFormMachine,
  actionsMachine: expertActionsMachine,
  idOf: (e) => e._id,
  nameOf: (e) => e.name,
  editable: true,
  draftForm: "expert",
  revisions: {
    machine: expertRevisionsMachine,
    words: {
      what: "expert",
      restoreQuestion: "Its name and designation become the expert's again; the current ones stay in the list as a revision. The image stays the current one.",
    },
  },
  exportList: "experts",
  historyType: "expert",
  bulkDeleteMachine: expertBulkDeleteMachine,
  noun: { one: "expert", many: "experts" },
  renderCard: (e) => (
    <Stack align="center" p="5" gap="2" textAlign="center">
      <ResponsiveImage src={e.avatar} picture={e.picture} sizes="96px" alt={`Avatar of ${e.name}`} boxSize="24" rounded="full" objectFit="cover" />
      <Text fontWeight="semibold">{e.name}</Text>
      <Text fontSize="sm" color="fg.muted">
        {e.designation}
      </Text>
    </Stack>
  ),
}

export default function ExpertsPage() {
  return <CardsScreen config={config} />
}
