import * as expertCalls from "../../api/contract/content/expert.endpoints.ts"
import * as galleryCalls from "../../api/contract/content/gallery.endpoints.ts"
import * as pressCalls from "../../api/contract/content/press.endpoints.ts"
import * as testimonialCalls from "../../api/contract/content/testimonial.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { contentTotalsMachine } from "./content-totals.machine.ts"
import { expertFormMachine } from "./experts.machine.ts"
import { galleryFormMachine } from "./gallery.machine.ts"
import { pressFormMachine } from "./press.machine.ts"
import { testimonialFormMachine } from "./testimonials.machine.ts"

/**
 * The content cards' machines (experts, testimonials, press, gallery) as the diagrams show them; the registry
 * takes them as they are. A form's submit adds or updates, two calls, so each entry names the one it shows.
 */
export const contentEntries: MachineEntry[] = [
  {
    id: "content-form",
    title: "Content form",
    summary: "Add and Update modals of the card screens (shown for Experts): the modal closes 1 s after a save, the message goes 2 s after it.",
    machine: expertFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
    firedBy: { "submit done": expertCalls.addExpert, "submit error": expertCalls.addExpert },
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
    firedBy: { "submit done": expertCalls.updateExpert, "submit error": expertCalls.updateExpert },
  },
  {
    id: "testimonials-form",
    file: "testimonials",
    title: "Testimonials form",
    summary: "Name, content (summery) and image (optional on update).",
    machine: testimonialFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
    firedBy: { "submit done": testimonialCalls.addTestimonial, "submit error": testimonialCalls.addTestimonial },
  },
  {
    id: "press-form",
    file: "press",
    title: "Press Release & Recognition form",
    summary: "Link, type and thumbnail (optional on update).",
    machine: pressFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
    firedBy: { "submit done": pressCalls.addPress, "submit error": pressCalls.addPress },
  },
  {
    id: "gallery-form",
    file: "gallery",
    title: "Add Gallery",
    summary: "One image file; Upload is disabled without a file.",
    machine: galleryFormMachine,
    delayLabels: { successShown: "1 s", messageRemaining: "1 s more (2 s in all)" },
    firedBy: { "submit done": galleryCalls.addGalleryImage, "submit error": galleryCalls.addGalleryImage },
  },
]
