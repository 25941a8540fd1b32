import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { Id, IsoDateTime } from "../common.ts"
import { ImageUrl, itemAnswer, libraryImageField, listAnswer, pictureField } from "./content-common.ts"

/** The spec names the field Type without its values; the page's two kinds are these. */
export const pressTypes = ["Press Release", "Recognition"] as const
export const PressType = Schema.Literals(pressTypes)

/** A press release or recognition (spec section 3: _id, link, type, thumbnail). */
export const PressItem = Schema.Struct({ _id: Id, link: Schema.String, type: PressType, thumbnail: ImageUrl, createdAt: IsoDateTime })
export type PressItem = typeof PressItem.Type

export const PRESS_IMAGE_FIELD = "thumbnail"

/** Only web addresses: the marketing site turns the link into an anchor, so javascript: and the like are refused. */
export const PressLink = trimmedText({
  required: true,
  max: 2000,
  // Letter case spelled out: a pattern with the i flag could not be stated in the API document.
  pattern: { re: /^[hH][tT][tT][pP][sS]?:\/\/[^\s/$.?#][^\s]*$/, message: "must be a web address starting with http:// or https://" },
})

export const PressCreateFields = Schema.Struct({ link: PressLink, type: PressType, ...libraryImageField })
export const PressUpdateFields = Schema.Struct({ link: Schema.optional(PressLink), type: Schema.optional(PressType), ...libraryImageField })

/** A press item as lists give it: with its image's picture from the media library. */
export const ListedPressItem = Schema.Struct({ ...PressItem.fields, ...pictureField })
export type ListedPressItem = typeof ListedPressItem.Type
export const PressListAnswer = listAnswer(ListedPressItem)
export const PressAnswer = itemAnswer(PressItem)
