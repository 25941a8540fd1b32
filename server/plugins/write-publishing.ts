import type { FastifyInstance, FastifyRequest } from "fastify"
import type { AnswerCache } from "../services/cache/answer-cache.ts"

/**
 * With several instances: a request that wrote to the database publishes that before its answer
 * leaves, so a read sent to another instance after this answer is never served an older copy.
 */
export function registerWritePublishing(app: FastifyInstance, answers: AnswerCache): void {
  const started = new WeakMap<FastifyRequest, number>()
  app.addHook("onRequest", (request, _reply, done) => {
    started.set(request, answers.clockNow)
    done()
  })
  app.addHook("onSend", async (request, _reply, payload) => {
    const since = started.get(request)
    if (since !== undefined) await answers.publishSince(since)
    return payload
  })
}
