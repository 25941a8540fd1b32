import { Stack, Text } from "@chakra-ui/react"
import { ResponsiveImage } from "../../components/media/responsive-image.tsx"
import type { ListedTestimonial } from "../../../api/contract/content/testimonial.ts"
import {
  testimonialActionsMachine,
  testimonialFields,
  testimonialFormMachine,
  testimonialImage,
  testimonialListMachine,
  testimonialBulkDeleteMachine,
} from "../../../machines/content/testimonials.machine.ts"
import { contentListScreens } from "../../../api/contract/content/content-list-screens.ts"
import { contentLists } from "../../../api/contract/content/content-lists.ts"
import { CardsScreen, type CardsScreenConfig } from "../../components/content/cards-screen.tsx"
import { testimonialRevisionsMachine } from "../../../machines/content/card-revisions.ts"

const config: CardsScreenConfig<ListedTestimonial> = {
  title: contentLists.testimonials.title,
  addLabel: "+ Add Testimonial",
  emptyText: contentListScreens.testimonials.empty,
  deleteQuestion: "Are you sure you want to delete this testimonial?",
  formTitles: { add: "Add Testimonial", update: "Update Testimonial" },
  fields: testimonialFields,
  image: testimonialImage,
  listMachine: testimonialListMachine,
  formMachine: testimonialFormMachine,
  actionsMachine: testimonialActionsMachine,
  idOf: (t) => t._id,
  nameOf: (t) => t.name,
  editable: true,
  draftForm: "testimonial",
  revisions: {
    machine: testimonialRevisionsMachine,
    words: {
      what: "testimonial",
      restoreQuestion: "Its name and content become the testimonial's again; the current ones stay in the list as a revision. The image stays the current one.",
    },
  },
  exportList: "testimonials",
  historyType: "testimonial",
  bulkDeleteMachine: testimonialBulkDeleteMachine,
  noun: { one: "testimonial", many: "testimonials" },
  renderCard: (t) => (
    <Stack align="center" p="5" gap="2" textAlign="center">
      <ResponsiveImage src={t.avatar} picture={t.picture} sizes="80px" alt={`Avatar of ${t.name}`} boxSize="20" rounded="full" objectFit="cover" />
      <Text fontWeight="semibold">{t.name}</Text>
      <Text as="blockquote" fontSize="sm" fontStyle="italic" color="fg.muted">
        “{t.summery}”
      </Text>
    </Stack>
  ),
}

export default function TestimonialsPage() {
  return <CardsScreen config={config} />
}
