import type { RedisLink } from "../cache/redis-link.ts"
import type { LiveBus } from "./live-hub.ts"

/**
 * Several instances: every event goes through a Redis channel, so a stream open on one instance hears
 * a change made through another. Subscribing takes a connection of its own (ioredis re-subscribes
 * after a reconnect). While Redis is down an event reaches this instance's streams only; the console
 * polls meanwhile (its stream says when it is down), so nothing is missed for long.
 */
export function redisLiveBus(link: RedisLink, prefix: string): LiveBus {
  const channel = `${prefix}live`
  const subscriber = link.redis.duplicate({ enableOfflineQueue: true, lazyConnect: false })
  subscriber.on("error", () => {})
  const handlers: Array<(message: string) => void> = []
  const deliverLocally = (message: string) => {
    for (const handler of handlers) handler(message)
  }
  subscriber.on("message", (from: string, message: string) => {
    if (from === channel) deliverLocally(message)
  })
  void subscriber.subscribe(channel).catch(() => {})
  return {
    publish(message) {
      void link.use(
        async (redis) => void (await redis.publish(channel, message)),
        () => deliverLocally(message),
      )
    },
    onMessage(deliver) {
      handlers.push(deliver)
    },
    async close() {
      subscriber.disconnect()
    },
  }
}
