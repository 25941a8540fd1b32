import { Fragment } from "react"
import { Text } from "@chakra-ui/react"

/**
 * An e-mail address that wraps only where a reader expects it: before the '@' and after a dot, never
 * in the middle of a word (a narrow column breaks 'ana.rao@|example.com', not 'ana.ra|o@exa…').
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/)
  return (
    <Text as="span" wordBreak="keep-all" overflowWrap="normal" data-email={email}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </Text>
  )
}
