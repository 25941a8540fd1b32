import type { MachineEntry } from "../machine-entry.ts"
import { contentTotalsMachine } from "./content-totals.machine.ts"
import { expertRevisionsMachine } from "./card-revisions.ts"
import { expertBulkDeleteMachine, expertFormMachine } from "./experts.machine.ts"
import { galleryFormMachine } from "./gallery.machine.ts"
import { pressFormMachine } from "./press.machine.ts"
import { testimonialFormMachine } from "./testimonials.machine.ts"

/**
 * The content cards' machines (experts, testimonials, press, gallery) as the diagrams show them; the registry
 * takes them as they are.
 */
export const contentEntries: MachineEntry[] = [
  {
    id: "content-form",
    title: "Content form",
    summary: "Add and Update modals of the card screens (shown for Experts): the modal closes 1 s after a save, the message goes 2 s after it.",
    machine: expertFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
  {
    id: "content-bulk-delete",
    file: "experts",
    title: "Card screens bulk delete",
    summary:
      "Cards chosen on Experts, Testimonials, Press Release & Recognition or Gallery (shown for Experts) deleted together after asking, each through its own delete call; a summary names those not deleted and why. No Undo: a deleted card cannot be brought back.",
    machine: expertBulkDeleteMachine,
  },
  {
    id: "card-revisions",
    // The revisions machine factory's own file (src/machines/revisions.machine.ts); the blog's are drawn as "blog-revisions".
    file: "revisions",
    title: "A card's revisions",
    summary:
      "A card's Revisions dialog on Experts, Testimonials and Press Release & Recognition (shown for Experts): the card after each recorded change, newest first; two compared (each field, a testimonial's content word by word); an earlier one restored after a confirmation, as a new revision.",
    machine: expertRevisionsMachine,
  },
  {
    id: "content-totals",
    title: "Content totals",
    summary: "The dashboard's Experts, Testimonials, Blogs, Gallery and Press & Recognition totals, with a spinner until loaded.",
    machine: contentTotalsMachine,
  },
  {
    id: "experts-form",
    file: "experts",
    title: "Experts form",
    summary: "Name, designation and image (optional on update).",
    machine: expertFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
  {
    id: "testimonials-form",
    file: "testimonials",
    title: "Testimonials form",
    summary: "Name, content (summery) and image (optional on update).",
    machine: testimonialFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
  {
    id: "press-form",
    file: "press",
    title: "Press Release & Recognition form",
    summary: "Link, type and thumbnail (optional on update).",
    machine: pressFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
  {
    id: "gallery-form",
    file: "gallery",
    title: "Add Gallery",
    summary: "One image file; Upload is disabled without a file.",
    machine: galleryFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
  },
]
