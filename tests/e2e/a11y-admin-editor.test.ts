import { describeAccessibility } from "./a11y-tour.ts"

describeAccessibility("admin-editor")
