import type { FastifyReply } from "fastify"

/**
 * A private image as the whole answer (a certificate, a proposed certificate): never cached, never sniffed as
 * another type, never run as a page. Waits until the bytes are out: the answer is the file, not a JSON value to encode.
 */
export async function sendPrivateImage(reply: FastifyReply, image: { data: Buffer; contentType: string }): Promise<never> {
  reply
    .header("content-type", image.contentType)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(image.data)
  await reply
  return undefined as never
}
