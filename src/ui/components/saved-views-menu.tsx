import { useMemo, useState } from "react"
import { Box, Button, Field, HStack, IconButton, Input, Popover, Portal, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Bookmark, Trash2 } from "lucide-react"
import { navigate } from "wouter/use-browser-location"
import { SAVED_VIEW_NAME_MAX } from "../../api/contract/views/saved-views.ts"
import { savedViewsMachine } from "../../machines/views/saved-views.machine.ts"
import { ConfirmDialog } from "./confirm-dialog.tsx"
import { notify } from "./toaster.tsx"

/** The list as it is now, as a view keeps it: its address query without the page (a view opens on page 1). */
function currentQuery(): string {
  const query = new URLSearchParams(window.location.search)
  query.delete("page")
  return query.toString()
}

/**
 * Opens the list as a view names it: the address changes, and the list follows it as it follows Back (its
 * machine watches the browser's history, src/ui/components/list-url.ts), so every list applies a view alike.
 */
function openView(query: string): void {
  navigate(`${window.location.pathname}${query ? `?${query}` : ""}`)
  window.dispatchEvent(new PopStateEvent("popstate"))
}

/** A list's Views menu (issue 26): the person's saved views of this list, Save view, and Delete after a yes. */
export function SavedViewsMenu({ list }: { list: string }) {
  const [open, setOpen] = useState(false)
  const logic = useMemo(
    () =>
      savedViewsMachine.provide({
        actions: {
          applyView: (_, { query }) => {
            setOpen(false)
            openView(query)
          },
          notifySaved: (_, { name }) => notify(`View "${name}" saved.`, "success"),
        },
      }),
    [],
  )
  const actor = useActorRef(logic, { input: { list } })
  const snapshot = useSelector(actor, (s) => s)
  const { views, name, nameError, error, deleting } = snapshot.context
  const loading = snapshot.matches("loading") || snapshot.matches("idle")
  const saving = snapshot.matches("saving")
  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(details) => {
          setOpen(details.open)
          if (details.open) actor.send({ type: "views.open" })
        }}
        positioning={{ placement: "bottom-end" }}
      >
        <Popover.Trigger asChild>
          <Button size="xs" variant="ghost" data-dialog="views">
            <Bookmark aria-hidden="true" />
            Views
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width={{ base: "calc(100vw - 1.5rem)", sm: "80" }}>
              <Popover.Body>
                <Stack gap="3">
                  <Popover.Title fontWeight="semibold">Saved views</Popover.Title>
                  {loading ? (
                    <Text fontSize="sm" color="fg.muted" role="status">
                      Loading your views…
                    </Text>
                  ) : snapshot.matches("failed") ? (
                    <HStack justify="space-between">
                      <Text fontSize="sm" color="fg.error" role="alert">
                        {error}
                      </Text>
                      <Button size="xs" variant="outline" onClick={() => actor.send({ type: "views.reload" })}>
                        Try again
                      </Button>
                    </HStack>
                  ) : views.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      No saved views yet. Name this list as it is now to open it again later.
                    </Text>
                  ) : (
                    <Stack as="ul" gap="1" listStyleType="none" data-testid="saved-views">
                      {views.map((view) => (
                        <HStack as="li" key={view._id} justify="space-between" gap="1">
                          <Button
                            size="sm"
                            variant="ghost"
                            justifyContent="start"
                            flex="1"
                            minW="0"
                            onClick={() => actor.send({ type: "view.apply", id: view._id })}
                          >
                            <Box as="span" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
                              {view.name}
                            </Box>
                          </Button>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-label={`Delete view ${view.name}`}
                            onClick={() => actor.send({ type: "delete.request", id: view._id })}
                          >
                            <Trash2 aria-hidden="true" />
                          </IconButton>
                        </HStack>
                      ))}
                    </Stack>
                  )}
                  {error && !snapshot.matches("failed") ? (
                    <Text fontSize="sm" color="fg.error" role="alert">
                      {error}
                    </Text>
                  ) : null}
                  <form
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault()
                      actor.send({ type: "save.submit", query: currentQuery() })
                    }}
                  >
                    <Stack gap="2">
                      <Field.Root invalid={nameError !== null} disabled={loading || saving}>
                        <Field.Label>Name this view</Field.Label>
                        <Input
                          size="sm"
                          value={name}
                          maxLength={SAVED_VIEW_NAME_MAX}
                          onChange={(e) => actor.send({ type: "name.change", value: e.target.value })}
                        />
                        {nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : null}
                      </Field.Root>
                      <Button type="submit" size="sm" colorPalette="teal" alignSelf="end" disabled={loading} loading={saving} loadingText="Saving...">
                        Save view
                      </Button>
                    </Stack>
                  </form>
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete view"
        question={`Are you sure you want to delete the view "${deleting?.name ?? ""}"?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={snapshot.matches("deleting")}
        onConfirm={() => actor.send({ type: "delete.confirm" })}
        onCancel={() => actor.send({ type: "delete.cancel" })}
      />
    </>
  )
}
