import { Box, Button, chakra, Flex, IconButton, Popover, Portal, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { navigate } from "wouter/use-browser-location"
import { NO_NOTIFICATIONS, type InboxItem } from "../../api/contract/notifications/notification.ts"
import { notificationCentreMachine } from "../../machines/notifications/notification-centre.machine.ts"
import { formatDateTime } from "../components/format.ts"
import { badgeText, bellLabel } from "./bell-label.ts"

const machine = notificationCentreMachine.provide({ actions: { followLink: (_, link) => navigate(link) } })

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

/**
 * The header's bell (issue 23): the unread count, kept current by the live stream; its panel lists
 * the person's notifications, newest first, each leading to its record.
 */
export function NotificationBell() {
  const actor = useActorRef(machine)
  const snapshot = useSelector(actor, (s) => s)
  const { unread, items, page, totalPages, error } = snapshot.context
  const open = !snapshot.matches({ panel: "closed" })
  const loading = snapshot.matches({ panel: "loading" })
  const loadingMore = snapshot.matches({ panel: "loadingMore" })
  const failed = snapshot.matches({ panel: "failed" })
  const markingAll = snapshot.matches({ panel: "markingAllRead" })
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => actor.send({ type: details.open ? "panel.open" : "panel.close" })}
      positioning={{ placement: "bottom-end" }}
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={bellLabel(unread)} position="relative">
          <BellIcon />
          {unread > 0 ? (
            <Box
              aria-hidden="true"
              position="absolute"
              top="0"
              right="0"
              minW="4.5"
              h="4.5"
              px="1"
              rounded="full"
              bg="red.700"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              // A unitless 4.5 was read as 4.5 lines, which pushed the number below the dot.
              display="flex"
              alignItems="center"
              justifyContent="center"
              lineHeight="1"
            >
              {badgeText(unread)}
            </Box>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: "calc(100vw - 1.5rem)", sm: "96" }} maxH="min(32rem, 80vh)" display="flex" flexDirection="column">
            <Flex align="center" justify="space-between" gap="2" px="4" py="3" borderBottomWidth="1px">
              <Popover.Title asChild>
                <Text as="h2" fontWeight="semibold">
                  Notifications
                </Text>
              </Popover.Title>
              <Button
                size="xs"
                variant="ghost"
                disabled={markingAll || (unread === 0 && items.every((item) => item.read))}
                onClick={() => actor.send({ type: "all.read" })}
              >
                {markingAll ? "Marking..." : "Mark all as read"}
              </Button>
            </Flex>
            <Box flex="1" overflowY="auto">
              {loading ? (
                <Flex align="center" gap="2" p="4" role="status">
                  <Spinner size="xs" />
                  <Text fontSize="sm">Loading notifications...</Text>
                </Flex>
              ) : failed ? (
                <Stack p="4" gap="2" align="start">
                  <Text role="alert" fontSize="sm" color="fg.error">
                    {error}
                  </Text>
                  <Button size="xs" onClick={() => actor.send({ type: "panel.retry" })}>
                    Try again
                  </Button>
                </Stack>
              ) : items.length === 0 ? (
                <Text p="4" fontSize="sm" color="fg.muted">
                  {NO_NOTIFICATIONS}
                </Text>
              ) : (
                <chakra.ul listStyleType="none" aria-label="Notifications">
                  {items.map((item) => (
                    <NotificationRow key={item._id} item={item} onOpen={() => actor.send({ type: "item.open", id: item._id, link: item.link })} />
                  ))}
                </chakra.ul>
              )}
              {!loading && !failed && error ? (
                <Text role="alert" fontSize="sm" color="fg.error" px="4" py="2">
                  {error}
                </Text>
              ) : null}
              {!loading && !failed && page < totalPages ? (
                <Box px="4" py="2">
                  <Button size="xs" variant="outline" width="full" disabled={loadingMore} onClick={() => actor.send({ type: "panel.more" })}>
                    {loadingMore ? "Loading more..." : "Load more"}
                  </Button>
                </Box>
              ) : null}
            </Box>
            <Box px="4" py="2" borderTopWidth="1px">
              <Button
                size="xs"
                variant="plain"
                px="0"
                onClick={() => {
                  actor.send({ type: "panel.close" })
                  navigate("/notification-settings")
                }}
              >
                Notification settings
              </Button>
            </Box>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

function NotificationRow({ item, onOpen }: { item: InboxItem; onOpen: () => void }) {
  return (
    <chakra.li borderBottomWidth="1px" _last={{ borderBottomWidth: "0" }}>
      <chakra.button
        type="button"
        onClick={onOpen}
        width="full"
        textAlign="start"
        display="flex"
        gap="3"
        px="4"
        py="3"
        bg={item.read ? "transparent" : "teal.subtle"}
        _hover={{ bg: "bg.muted" }}
        _focusVisible={{ outline: "2px solid", outlineColor: "teal.focusRing", outlineOffset: "-2px" }}
      >
        <Box aria-hidden="true" mt="1.5" flexShrink="0" w="2" h="2" rounded="full" bg={item.read ? "transparent" : "teal.solid"} />
        <Stack gap="0.5" minW="0">
          <Text fontSize="sm" fontWeight={item.read ? "normal" : "semibold"}>
            {item.title}
            {item.read ? null : <chakra.span srOnly> (unread)</chakra.span>}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(item.createdAt)}
          </Text>
        </Stack>
      </chakra.button>
    </chakra.li>
  )
}
