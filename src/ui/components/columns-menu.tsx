import { useRef } from "react"
import { Button, HStack, Menu, Portal } from "@chakra-ui/react"
import { Columns3 } from "lucide-react"
import { useMenuFocusReturn } from "./menu-focus-return.ts"
import { SavedViewsMenu } from "./saved-views-menu.tsx"

/** What a list offers its reader to show or hide its columns: the machine's hidden headers and its toggle. */
export interface ColumnChoice {
  hidden: readonly string[]
  onToggle: (column: string) => void
  /** The list's name (its machine's id): given, a Views menu keeps the person's named views of it beside Columns. */
  list?: string
}

/**
 * The "Columns" menu above a table: a checkbox per column, ticked while shown. The last shown column cannot
 * be hidden (a table of no columns shows nothing and offers no way back but this menu).
 */
export function ColumnsMenu({ headers, choice }: { headers: readonly string[]; choice: ColumnChoice }) {
  const trigger = useRef<HTMLButtonElement>(null)
  const returnFocus = useMenuFocusReturn(trigger)
  const shown = headers.filter((header) => !choice.hidden.includes(header))
  const hiddenHere = headers.length - shown.length
  return (
    <HStack justify="flex-end" gap="1">
      {/* Keyed by the list: a screen that shows another list (a role after a role) reads that list's views. */}
      {choice.list ? <SavedViewsMenu key={choice.list} list={choice.list} /> : null}
      <Menu.Root positioning={{ placement: "bottom-end" }} closeOnSelect={false} onExitComplete={returnFocus}>
        <Menu.Trigger asChild>
          <Button ref={trigger} size="xs" variant="ghost" aria-label={hiddenHere > 0 ? `Columns (${hiddenHere} hidden)` : "Columns"}>
            <Columns3 aria-hidden="true" />
            Columns{hiddenHere > 0 ? ` (${hiddenHere} hidden)` : ""}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Show columns</Menu.ItemGroupLabel>
                {headers.map((header) => {
                  const isShown = shown.includes(header)
                  return (
                    <Menu.CheckboxItem
                      key={header}
                      value={header}
                      checked={isShown}
                      disabled={isShown && shown.length === 1}
                      onCheckedChange={() => choice.onToggle(header)}
                    >
                      {header}
                      <Menu.ItemIndicator />
                    </Menu.CheckboxItem>
                  )
                })}
              </Menu.ItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  )
}
