import { chakra } from "@chakra-ui/react"

/**
 * An on/off switch drawn on a native checkbox (`role="switch"`), for the sign-in screen: Chakra's
 * Switch carries the Zag switch machine into the first load (issue 9). Keyboard, label click and
 * screen readers come from the native input.
 */
export function PlainSwitch(props: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" textStyle="sm" cursor="pointer">
      <chakra.input
        type="checkbox"
        role="switch"
        checked={props.checked}
        onChange={props.onChange}
        appearance="none"
        position="relative"
        flexShrink="0"
        width="8"
        height="4.5"
        borderRadius="full"
        bg="gray.300"
        cursor="pointer"
        transition="background 0.15s"
        _dark={{ bg: "gray.600" }}
        _before={{
          content: '""',
          position: "absolute",
          top: "0.5",
          left: "0.5",
          width: "3.5",
          height: "3.5",
          borderRadius: "full",
          bg: "white",
          transition: "transform 0.15s",
        }}
        _checked={{ bg: "teal.solid", _before: { transform: "translateX(0.875rem)" } }}
        _focusVisible={{ outline: "2px solid", outlineColor: "teal.focusRing", outlineOffset: "2px" }}
      />
      {props.label}
    </chakra.label>
  )
}
