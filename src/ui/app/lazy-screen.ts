import { lazy, type ComponentType, type LazyExoticComponent } from "react"

/** A lazily loaded page that can be asked to start loading before React first renders it. */
export type PreloadableScreen<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> }

/**
 * `React.lazy` whose load can start early. The layout only renders its page once its own chunk has
 * arrived, so without `preload` a page's chunk would wait for the layout's (a second round trip before
 * the page's first paint, issue 9's dashboard LCP). Both share one promise, so the chunk loads once.
 */
export function lazyPage<P>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const start = () => (loading ??= load())
  // A failed load is reported where React renders the page (its error boundary), not by the preload.
  return Object.assign(lazy(start), { preload: () => start().catch(() => undefined) })
}

/**
 * `lazyPage` for every screen but the sign-in form: the screen's module and all of Chakra's recipes
 * (theme.ts keeps only the first screens' recipes in the first load), fetched side by side.
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableScreen<P> {
  return lazyPage(() => Promise.all([load(), import("./all-recipes.ts")]).then(([screen]) => screen))
}
