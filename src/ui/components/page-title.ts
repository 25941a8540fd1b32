import { createContext } from "react"

/**
 * The title of the page a view is on (its route's title), given by the layout: a table names its scroll
 * region after it ("Lawyers table"), so a screen reader does not meet a row of regions all called "Table".
 */
export const PageTitle = createContext("")
