import { createRecipeContext, type InputProps } from "@chakra-ui/react"

const { withContext } = createRecipeContext({ key: "input" })

/**
 * Chakra's Input (its "input" recipe on a native input, made the way Chakra makes it) without Ark's
 * Field.Input underneath, whose Field namespace brought Ark and Zag's field machinery (textarea
 * autoresize included) into the sign-in screens' first load (issue 9). Ark only adds the attributes of
 * an enclosing Ark Field, which the sign-in screens do not use: they label fields with InputField (components/form).
 */
export const PlainInput = withContext<HTMLInputElement, InputProps>("input")
